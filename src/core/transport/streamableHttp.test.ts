import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { McpError } from "../errors";
import { isRequest, notification, request, resultResponse, type JsonRpcMessage, type RequestId } from "../jsonrpc/messages";
import { StreamableHttpTransport, type StreamableHttpOptions } from "./streamableHttp";
import type { TransportEvent } from "./transport";

/** One request as the test server saw it; `at` is the server's own clock (performance.now()). */
interface Seen {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: JsonRpcMessage | undefined;
  at: number;
}
type Handler = (seen: Seen, res: ServerResponse) => void;

let server: Server;
let url: string;
let handler: Handler;
const seen: Seen[] = [];
const transports: StreamableHttpTransport[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const entry: Seen = { method: req.method ?? "", headers: req.headers, body, json: body ? JSON.parse(body) : undefined, at: performance.now() };
      seen.push(entry);
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  handler = (_s, res) => res.writeHead(500).end("no handler");
});
afterEach(async () => {
  handler = (_s, res) => res.writeHead(405).end(); // the DELETE of a legacy session
  await Promise.all(transports.splice(0).map((t) => t.close()));
});

function open(options: StreamableHttpOptions = {}): { t: StreamableHttpTransport; events: TransportEvent[] } {
  const t = new StreamableHttpTransport(url, options);
  transports.push(t);
  const events: TransportEvent[] = [];
  t.subscribe((e) => events.push(e));
  return { t, events };
}
function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
}
function sse(res: ServerResponse, headers: Record<string, string> = {}): (text: string) => void {
  res.writeHead(200, { "Content-Type": "text/event-stream", ...headers });
  res.flushHeaders();
  return (text) => res.write(text);
}
const data = (m: unknown): string => `event: message\ndata: ${JSON.stringify(m)}\n\n`;
/**
 * Answers every POST with an SSE stream that sends one progress notification and stays open;
 * the returned probe tells whether the server has seen that stream close.
 */
function progressStream(): () => boolean {
  let closed = false;
  handler = (_s, res) => {
    res.on("close", () => (closed = true));
    sse(res)(data(notification("notifications/progress", { progressToken: "p", progress: 1 })));
  };
  return () => closed;
}
const ok = (s: Seen, result: Record<string, unknown> = {}) => resultResponse((s.json as { id: RequestId }).id, result);
async function until<T>(probe: () => T | undefined | false, ms = 4000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 5));
  }
}
const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "test", version: "0" },
};
const modern = (id: RequestId, method: string, params: Record<string, unknown> = {}) => request(id, method, { ...params, _meta: META });
const messages = (events: TransportEvent[]) => events.flatMap((e) => (e.type === "message" ? [e] : []));
const errors = (events: TransportEvent[]) => events.flatMap((e) => (e.type === "error" ? [e] : []));

/** A legacy session: initialize answered with a session id, then the negotiated revision set. */
async function legacySession(t: StreamableHttpTransport, revision = "2025-11-25"): Promise<void> {
  const previous = handler;
  handler = (s, res) => json(res, 200, ok(s, { protocolVersion: revision }), { "MCP-Session-Id": "sess-1" });
  await t.send(request(0, "initialize", { protocolVersion: revision, capabilities: {}, clientInfo: { name: "t", version: "0" } }));
  t.setProtocolVersion(revision);
  handler = previous;
}

describe("2026-07-28 flavour", () => {
  it("stamps the exact headers, ignores session ids and never GETs or DELETEs", async () => {
    const { t, events } = open({ headers: { Authorization: "Bearer t0k", "X-Custom": "1" } });
    handler = (s, res) => json(res, 200, ok(s, { resultType: "complete" }), { "Mcp-Session-Id": "ignored" });
    await t.send(modern("d1", "server/discover"));
    t.setProtocolVersion("2026-07-28");
    await t.send(modern(2, "tools/call", { name: "天気", arguments: { region: "us-west1" } }), {
      headers: { "Mcp-Param-Region": "us-west1", "Mcp-Param-EmptyVal": "" },
    });
    await t.send(modern(3, "resources/read", { uri: "https://example.com/resource?id=123" }));
    await t.send(modern(4, "prompts/get", { name: "test_prompt" }));
    await t.openStandaloneStream();
    await t.close();

    expect(seen.map((s) => s.method)).toEqual(["POST", "POST", "POST", "POST"]);
    const [discover, call, read, prompt] = seen.map((s) => s.headers);
    expect(discover).toMatchObject({
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "server/discover",
      authorization: "Bearer t0k",
      "x-custom": "1",
    });
    expect(discover).not.toHaveProperty("mcp-name");
    expect(call).toMatchObject({ "mcp-method": "tools/call", "mcp-name": "=?base64?5aSp5rCX?=", "mcp-param-region": "us-west1" });
    expect(call?.["mcp-param-emptyval"]).toBe("");
    expect(read).toMatchObject({ "mcp-method": "resources/read", "mcp-name": "https://example.com/resource?id=123" });
    expect(prompt).toMatchObject({ "mcp-method": "prompts/get", "mcp-name": "test_prompt" });
    for (const h of seen.map((s) => s.headers)) expect(h).not.toHaveProperty("mcp-session-id");
    const first = messages(events)[0];
    expect(first?.relatedRequestId).toBe("d1");
    expect(first?.raw).toBe(JSON.stringify(ok(seen[0]!, { resultType: "complete" })));
    expect(events.at(-1)).toEqual({ type: "close", reason: "closed" });
  });

  it("emits a 400 -32022 body as a message and resolves; an id-less error rejects with its code", async () => {
    const { t, events } = open();
    const rejection = { jsonrpc: "2.0", id: 1, error: { code: -32022, message: "Unsupported protocol version", data: { supported: ["2026-07-28"], requested: "1900-01-01" } } };
    handler = (_s, res) => json(res, 400, rejection);
    await expect(t.send(modern(1, "tools/list"))).resolves.toBeUndefined();
    expect(messages(events)).toEqual([{ type: "message", message: rejection, raw: JSON.stringify(rejection), relatedRequestId: 1 }]);

    handler = (_s, res) => json(res, 403, { jsonrpc: "2.0", error: { code: -32600, message: "bad Origin" } });
    const error = await t.send(modern(2, "tools/list")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ kind: "protocol", code: -32600, status: 403 });
  });

  it("rejects an HTTP error without a JSON-RPC body, with its status and a prefix of the body", async () => {
    const { t } = open();
    handler = (_s, res) => res.writeHead(404).end();
    await expect(t.send(modern(1, "tools/list"))).rejects.toMatchObject({ kind: "transport", status: 404, message: expect.stringMatching(/HTTP 404/) });
    handler = (_s, res) => res.writeHead(502, { "Content-Type": "text/html" }).end("<h1>Bad gateway</h1>");
    await expect(t.send(modern(2, "tools/list"))).rejects.toMatchObject({ status: 502, message: expect.stringContaining("Bad gateway") });
    handler = (_s, res) => res.writeHead(200, { "Content-Type": "application/json" }).end();
    await expect(t.send(modern(3, "tools/list"))).rejects.toMatchObject({ status: 200, message: expect.stringMatching(/no body/) });
  });

  it("rejects with the cause when fetch itself fails", async () => {
    const cause = new TypeError("fetch failed");
    const { t } = open({ fetch: () => Promise.reject(cause) });
    const error = await t.send(modern(1, "tools/list")).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "transport", cause });
  });

  it("aborting closes the response stream (the cancellation) and reports nothing", async () => {
    const { t, events } = open();
    const serverSawClose = progressStream();
    const abort = new AbortController();
    await t.send(modern(1, "tools/call", { name: "slow" }), { signal: abort.signal });
    await until(() => messages(events).length === 1);
    abort.abort();
    await until(serverSawClose);
    await new Promise((r) => setTimeout(r, 50));
    expect(errors(events)).toEqual([]);

    handler = () => undefined; // never answers
    const early = new AbortController();
    const pending = t.send(modern(2, "tools/call", { name: "slow" }), { signal: early.signal });
    await until(() => seen.length === 2);
    early.abort();
    await expect(pending).rejects.toMatchObject({ kind: "cancelled" });
  });

  it("gives fetch a signal only for a request that has one; close() still stops an unsignalled stream", async () => {
    const signals: (AbortSignal | null | undefined)[] = [];
    const { t, events } = open({
      fetch: (input, init) => {
        signals.push(init?.signal);
        return fetch(input, init);
      },
    });
    handler = (s, res) => json(res, 200, ok(s, { resultType: "complete" }));
    await t.send(modern(1, "tools/list"));
    const cancel = new AbortController();
    await t.send(modern(2, "tools/list"), { signal: cancel.signal });
    expect(signals[0]).toBeUndefined();
    // The caller's own signal, with nothing of ours put between (each signal fetch hooks costs).
    expect(signals[1]).toBe(cancel.signal);
    expect(messages(events).map((e) => e.relatedRequestId)).toEqual([1, 2]);

    const serverSawClose = progressStream();
    await t.send(modern(3, "tools/call", { name: "slow" }));
    await until(() => messages(events).length === 3);
    expect(signals[2]).toBeUndefined();
    await t.close();
    await until(serverSawClose);
    expect(errors(events)).toEqual([]);
  });

  it("close() also stops the SSE stream of a request whose signal was never aborted", async () => {
    const { t, events } = open();
    const serverSawClose = progressStream();
    const cancel = new AbortController();
    await t.send(modern(1, "tools/call", { name: "slow" }), { signal: cancel.signal });
    await until(() => messages(events).length === 1);
    await t.close();
    await until(serverSawClose);
    expect(cancel.signal.aborted).toBe(false);
    expect(errors(events)).toEqual([]);
  });

  it("drops the answer of an unsignalled request that comes after close()", async () => {
    const { t, events } = open();
    let answer: (() => void) | undefined;
    handler = (s, res) => (answer = () => json(res, 200, ok(s, { late: true })));
    const pending = t.send(modern(1, "tools/list"));
    await until(() => answer);
    await t.close();
    answer!();
    await expect(pending).resolves.toBeUndefined();
    expect(messages(events)).toEqual([]);
    expect(events.at(-1)).toEqual({ type: "close", reason: "closed" });
  });

  it("reports a stream that ends before the response as an error for that request, without resuming", async () => {
    const { t, events } = open();
    t.setProtocolVersion("2026-07-28");
    handler = (_s, res) => {
      sse(res)(`id: e1\nretry: 10\n${data(notification("notifications/progress", { progressToken: "p", progress: 1 }))}`);
      res.end();
    };
    await t.send(modern(7, "tools/call", { name: "x" }));
    const [error] = await until(() => errors(events).length > 0 && errors(events));
    expect(error).toMatchObject({ relatedRequestId: 7, error: { kind: "transport", message: expect.stringMatching(/cannot resume/) } });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.map((s) => s.method)).toEqual(["POST"]);
  });
});

describe("SSE responses", () => {
  it("emits data frames in order, skipping priming events and comments, and reports bad frames", async () => {
    const { t, events } = open();
    const progress = notification("notifications/progress", { progressToken: "p", progress: 1 });
    handler = (s, res) => {
      const write = sse(res);
      write(": keep-alive\n\nid: 1\ndata: \n\n");
      write(data(progress));
      write("data: not json\n\n");
      write('data: {"jsonrpc":"2.0","id":');
      write(`9,"result":{}}\n\ndata: [1]\n\n${data(ok(s, { content: [] }))}`);
      res.end();
    };
    await t.send(modern(9, "tools/call", { name: "x" }));
    await until(() => messages(events).length === 3);
    expect(events.map((e) => (e.type === "message" ? e.message : e.type === "error" ? e.raw : e.type))).toEqual([
      progress,
      "not json",
      { jsonrpc: "2.0", id: 9, result: {} },
      "[1]",
      { jsonrpc: "2.0", id: 9, result: { content: [] } },
    ]);
    expect(events.every((e) => e.type !== "close" && e.relatedRequestId === 9)).toBe(true);
  });
});

describe("legacy flavour", () => {
  it("captures the session on initialize, echoes it with the version header, and DELETEs it on close", async () => {
    const { t } = open();
    await legacySession(t);
    handler = (s, res) => (s.json && isRequest(s.json) ? json(res, 200, ok(s)) : res.writeHead(202).end());
    await t.send(notification("notifications/initialized"));
    await t.send(request(1, "tools/call", { name: "test_headers", arguments: {} }));
    expect(t.sessionId).toBe("sess-1");
    handler = (_s, res) => res.writeHead(405).end();
    await t.close();

    const [init, initialized, call, del] = seen;
    expect(init?.headers).toMatchObject({ "mcp-method": "initialize", accept: "application/json, text/event-stream" });
    expect(init?.headers).not.toHaveProperty("mcp-protocol-version");
    expect(init?.headers).not.toHaveProperty("mcp-session-id");
    expect(initialized?.headers).toMatchObject({ "mcp-method": "notifications/initialized", "mcp-session-id": "sess-1", "mcp-protocol-version": "2025-11-25" });
    expect(call?.headers).toMatchObject({ "mcp-method": "tools/call", "mcp-name": "test_headers", "mcp-session-id": "sess-1", "mcp-protocol-version": "2025-11-25" });
    expect(del).toMatchObject({ method: "DELETE", headers: { "mcp-session-id": "sess-1", "mcp-protocol-version": "2025-11-25" } });
  });

  it("sends no version header on 2025-03-26", async () => {
    const { t } = open();
    await legacySession(t, "2025-03-26");
    handler = (s, res) => json(res, 200, ok(s));
    await t.send(request(1, "tools/list"));
    expect(seen[1]?.headers).toMatchObject({ "mcp-session-id": "sess-1", "mcp-method": "tools/list" });
    expect(seen[1]?.headers).not.toHaveProperty("mcp-protocol-version");
  });

  it("rejects a 404 on a request with a session as an expired session", async () => {
    const { t } = open();
    await legacySession(t);
    handler = (_s, res) => json(res, 404, { jsonrpc: "2.0", id: null, error: { code: -32001, message: "Session not found" } });
    await expect(t.send(request(1, "tools/list"))).rejects.toMatchObject({ kind: "transport", status: 404, message: expect.stringMatching(/session expired/) });
    expect(t.sessionId).toBeUndefined();
  });

  it("delivers a server request on the SSE stream and POSTs the answer, which gets 202", async () => {
    const { t, events } = open();
    await legacySession(t);
    const elicit = request("srv-0", "elicitation/create", { message: "Name?", requestedSchema: { type: "object", properties: {} } });
    const answer = resultResponse("srv-0", { action: "accept", content: { name: "Ada" } });
    let write: ((text: string) => void) | undefined;
    let stream: ServerResponse | undefined;
    handler = (s, res) => {
      if (s.json && isRequest(s.json)) {
        stream = res;
        write = sse(res);
        write(data(elicit));
      } else {
        res.writeHead(202).end();
        write?.(data(resultResponse(5, { content: [{ type: "text", text: "Hello, Ada" }] })));
        stream?.end();
      }
    };
    t.subscribe((e) => {
      if (e.type === "message" && isRequest(e.message)) void t.send(answer);
    });
    await t.send(request(5, "tools/call", { name: "greet", arguments: {} }));
    await until(() => messages(events).length === 3);
    expect(messages(events).slice(1).map((e) => [e.message, e.relatedRequestId])).toEqual([
      [elicit, 5],
      [resultResponse(5, { content: [{ type: "text", text: "Hello, Ada" }] }), 5],
    ]);
    const reply = seen[2];
    expect(reply?.json).toEqual(answer);
    expect(reply?.headers).toMatchObject({ "mcp-session-id": "sess-1", "mcp-protocol-version": "2025-11-25" });
    expect(reply?.headers).not.toHaveProperty("mcp-method");
  });

  it("sse-retry: waits `retry` ms after the stream closes, then resumes with GET + Last-Event-ID", async () => {
    const { t, events } = open();
    await legacySession(t);
    let closedAt = 0;
    handler = (s, res) => {
      if (s.method === "POST") {
        sse(res)("id: event-1\nretry: 500\ndata: \n\n");
        setTimeout(() => {
          closedAt = performance.now();
          res.end();
        }, 20);
      } else {
        sse(res)(`id: event-2\n${data(resultResponse(3, { content: [{ type: "text", text: "reconnected" }] }))}`);
        res.end();
      }
    };
    await t.send(request(3, "tools/call", { name: "test_reconnection", arguments: {} }));
    const [result] = await until(() => messages(events).length > 1 && messages(events).slice(1));
    expect(result).toMatchObject({ relatedRequestId: 3, message: { id: 3, result: { content: [{ text: "reconnected" }] } } });
    const get = seen[2];
    expect(get).toMatchObject({ method: "GET", headers: { "last-event-id": "event-1", "mcp-session-id": "sess-1", "mcp-protocol-version": "2025-11-25", accept: "text/event-stream" } });
    const waited = (get?.at ?? 0) - closedAt;
    expect(waited).toBeGreaterThanOrEqual(450);
    expect(waited).toBeLessThan(3000);
    expect(errors(events)).toEqual([]);
  });

  it("waits the default 1000 ms through the injected timer when no retry was sent, and gives up on a 405", async () => {
    const waits: number[] = [];
    const { t, events } = open({ setTimeout: (callback, ms) => (waits.push(ms), setTimeout(callback, 0)) });
    await legacySession(t);
    handler = (s, res) => {
      if (s.method === "POST") {
        sse(res)("id: a1\ndata: \n\n");
        res.end();
      } else res.writeHead(405).end();
    };
    await t.send(request(4, "tools/call", { name: "x", arguments: {} }));
    const [error] = await until(() => errors(events).length > 0 && errors(events));
    expect(waits).toEqual([1000]);
    expect(error).toMatchObject({ relatedRequestId: 4, error: { message: expect.stringMatching(/405/) } });
  });

  it("fails a request whose stream ends with no event id to resume from", async () => {
    const { t, events } = open();
    await legacySession(t);
    handler = (_s, res) => {
      sse(res)(data(notification("notifications/progress", { progressToken: "p", progress: 1 })));
      res.end();
    };
    await t.send(request(6, "tools/call", { name: "x", arguments: {} }));
    const [error] = await until(() => errors(events).length > 0 && errors(events));
    expect(error).toMatchObject({ relatedRequestId: 6, error: { message: expect.stringMatching(/no event id/) } });
  });

  it("a 404 to the standalone GET (a server with no GET route) is silent and keeps the session", async () => {
    const { t } = open();
    await legacySession(t);
    const session = t.sessionId;
    handler = (_s, res) => res.writeHead(404).end("Cannot GET /mcp");
    await expect(t.openStandaloneStream()).resolves.toBeUndefined();
    expect(t.sessionId).toBe(session);
  });

  it("opens the standalone GET stream (405 is silent), marks what it carries as tied to no request, and close() aborts it", async () => {
    const { t, events } = open();
    await legacySession(t);
    handler = (_s, res) => res.writeHead(405).end();
    await expect(t.openStandaloneStream()).resolves.toBeUndefined();
    let serverSawClose = false;
    const changed = notification("notifications/tools/list_changed");
    handler = (s, res) => {
      if (s.method === "DELETE") return res.writeHead(200).end();
      res.on("close", () => (serverSawClose = true));
      sse(res)(data(changed));
    };
    await t.openStandaloneStream();
    await until(() => messages(events).length === 2);
    // Not "cannot tell": the receiver must not guess a request for it (the POST streams say theirs).
    expect(messages(events)[1]).toEqual({ type: "message", message: changed, raw: JSON.stringify(changed), unrelated: true });
    await t.close();
    await until(() => serverSawClose);
    expect(seen.at(-1)?.method).toBe("DELETE");
  });
});
