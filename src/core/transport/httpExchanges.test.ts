import { describe, expect, it } from "vitest";
import { HttpExchangeLog } from "./httpExchanges";
import { recordExchanges, redactExchangeHeader } from "./recordExchanges";

describe("HttpExchangeLog", () => {
  it("records method, redacted URL and headers, status and time to headers; passes the response through", async () => {
    let now = 1000;
    const log = new HttpExchangeLog({ now: () => now });
    const answer = new Response("{}", { status: 202, headers: { "Set-Cookie": "a=b", "Mcp-Session-Id": "s" } });
    const fetchFn = recordExchanges(log, async () => {
      now += 7;
      return answer;
    }, { kind: "sign-in", connectionId: 3 });
    const seen: number[] = [];
    log.subscribe(() => seen.push(log.getSnapshot().length));
    const got = await fetchFn("https://as.example/token?code=abc&state=s", { method: "post", headers: { Authorization: "Basic xyz", "X-Client-Secret": "no", Accept: "application/json" }, body: "grant_type=authorization_code" });
    expect(got).toBe(answer);
    const [entry] = log.getSnapshot();
    expect(entry).toMatchObject({ seq: 1, kind: "sign-in", connectionId: 3, method: "POST", status: 202, headersMs: 7, startedAt: 1000 });
    expect(entry!.url).toBe("https://as.example/token?code=%5Bredacted%5D&state=s");
    expect(entry!.requestHeaders).toEqual({ authorization: "Basic [redacted]", "x-client-secret": "[redacted]", accept: "application/json" });
    expect(entry!.responseHeaders).toMatchObject({ "set-cookie": "[redacted]", "mcp-session-id": "s" });
    expect(entry!.rpc).toBeUndefined();
    expect(seen).toEqual([1, 1]);
  });

  it("a request the bridge forwards is recorded as the request it carries, through the bridge", async () => {
    const log = new HttpExchangeLog();
    const fetchFn = recordExchanges(log, async () => new Response("{}", { status: 200 }), { kind: "sign-in", connectionId: 1 });
    await fetchFn("http://127.0.0.1:7777/forward", { method: "POST", headers: { "X-Presa-Target": "https://as.example/token", Authorization: "Bearer bridge-token" } });
    expect(log.getSnapshot()[0]).toMatchObject({ url: "https://as.example/token", via: "bridge", requestHeaders: { authorization: "Bearer [redacted]" } });
  });

  it("records a failed request with the error, and rethrows it", async () => {
    const log = new HttpExchangeLog();
    const fetchFn = recordExchanges(log, () => Promise.reject(new TypeError("Failed to fetch")), { kind: "mcp", connectionId: 1 });
    await expect(fetchFn("http://127.0.0.1:1/mcp", { method: "POST", body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' })).rejects.toThrow("Failed to fetch");
    expect(log.getSnapshot()[0]).toMatchObject({ error: "Failed to fetch", rpc: { method: "ping", request: true } });
  });

  it("keeps the newest `cap` exchanges and counts the rest", async () => {
    const log = new HttpExchangeLog({ cap: 2 });
    const fetchFn = recordExchanges(log, async () => new Response(null, { status: 204 }), { kind: "mcp", connectionId: 1 });
    for (let i = 0; i < 5; i++) await fetchFn("http://x/", {});
    expect(log.getSnapshot().map((e) => e.seq)).toEqual([4, 5]);
    expect(log.dropped).toBe(3);
  });

  it("redacts credentials by the auth log's rule and by name, never a protocol header", () => {
    expect(redactExchangeHeader("Authorization", "Bearer t")).toBe("Bearer [redacted]");
    expect(redactExchangeHeader("x-api-key", "k")).toBe("[redacted]");
    expect(redactExchangeHeader("mcp-param-token", "v")).toBe("v");
    expect(redactExchangeHeader("mcp-name", "secret_tool")).toBe("secret_tool");
  });
});
