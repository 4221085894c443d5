import { describe, expect, it } from "vitest";
import type { AuthRoute } from "../../features/auth/authStore";
import { mayHaveBeenSent, routedFetch } from "./routedFetch";

/** A fetch that fails like a browser refusing CORS for the listed origins, and records what it was asked. */
function browser(blocked: string[]) {
  const calls: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? "GET"} ${url}`);
    if (blocked.some((o) => url.startsWith(o))) throw new TypeError("Failed to fetch");
    return new Response("{}", { status: 200 });
  }) as typeof fetch;
  return { fetchFn, calls };
}

function bridge() {
  const calls: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? "GET"} ${String(input)}`);
    return new Response("{}", { status: 200 });
  }) as typeof fetch;
  return { fetchFn, calls };
}

describe("routedFetch: the sign-in's own requests, direct or through the bridge", () => {
  it("goes direct when the server allows the page, and says so once per origin", async () => {
    const direct = browser([]);
    const b = bridge();
    const routes: Record<string, AuthRoute> = {};
    const f = routedFetch({ direct: direct.fetchFn, bridge: b.fetchFn, viaBridge: false, onRoute: (o, r) => (routes[o] = r) });
    await f("http://as.test/.well-known/oauth-authorization-server");
    await f("http://as.test/token", { method: "POST", body: "a=b", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(direct.calls).toHaveLength(2);
    expect(b.calls).toHaveLength(0);
    expect(routes["http://as.test"]).toMatchObject({ via: "direct" });
  });

  it("sends a metadata GET the browser blocked through the bridge, and the origin's later requests too", async () => {
    const direct = browser(["http://as.test"]);
    const b = bridge();
    const routes: Record<string, AuthRoute> = {};
    const f = routedFetch({ direct: direct.fetchFn, bridge: b.fetchFn, viaBridge: false, onRoute: (o, r) => (routes[o] = r) });
    expect((await f("http://as.test/.well-known/openid-configuration")).status).toBe(200);
    await f("http://as.test/token", { method: "POST", body: "a=b", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(direct.calls).toEqual(["GET http://as.test/.well-known/openid-configuration"]);
    expect(b.calls).toEqual(["GET http://as.test/.well-known/openid-configuration", "POST http://as.test/token"]);
    expect(routes["http://as.test"]?.via).toBe("bridge");
    expect(routes["http://as.test"]?.why).toMatch(/CORS/);
  });

  it("does not send twice a POST that may have reached the server (a token request would spend its code)", async () => {
    const direct = browser(["http://as.test"]);
    const b = bridge();
    const f = routedFetch({ direct: direct.fetchFn, bridge: b.fetchFn, viaBridge: false });
    await expect(f("http://as.test/token", { method: "POST", body: "code=x", headers: { "content-type": "application/x-www-form-urlencoded" } })).rejects.toThrow(
      /may have reached the server, so it is not sent again/,
    );
    expect(b.calls).toEqual([]);
    // A JSON registration was stopped at the preflight: safe to send through the bridge.
    await f("http://as.test/reg", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(b.calls).toEqual(["POST http://as.test/reg"]);
  });

  it("without a bridge, says the server may not allow this origin and how to get a bridge", async () => {
    const f = routedFetch({ direct: browser(["http://as.test"]).fetchFn, bridge: undefined, viaBridge: false });
    await expect(f("http://as.test/.well-known/oauth-protected-resource")).rejects.toThrow(/CORS\).*bridge/);
  });

  it("goes through the bridge from the start when the connection does, and refuses without one", async () => {
    const direct = browser([]);
    const b = bridge();
    const f = routedFetch({ direct: direct.fetchFn, bridge: b.fetchFn, viaBridge: true });
    await f("http://as.test/x");
    expect(direct.calls).toEqual([]);
    expect(b.calls).toEqual(["GET http://as.test/x"]);
    await expect(routedFetch({ direct: direct.fetchFn, bridge: undefined, viaBridge: true })("http://as.test/x")).rejects.toThrow(/no bridge/);
  });

  it("knows which requests skip the CORS preflight", () => {
    expect(mayHaveBeenSent({ method: "GET" })).toBe(true);
    expect(mayHaveBeenSent({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded;charset=UTF-8" } })).toBe(true);
    expect(mayHaveBeenSent({ method: "POST", headers: { "content-type": "application/json" } })).toBe(false);
    expect(mayHaveBeenSent({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Basic x" } })).toBe(false);
  });
});
