// The initialize-era client listens on the standalone GET stream (spec 2025-03-26 on, "Listening for
// Messages from the Server"): what a server sends tied to no request (SDK servers send
// elicitation/create and roots/list that way; list_changed always goes there) reaches the client.
// A request that comes on it is tied to no request, so it is no round of a call that happens to be
// running; only where the transport cannot tell (one pipe, as in process) is it taken as the one
// call in flight's.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { StreamableHttpTransport, connect, text, type ClientEvent, type InputContext } from "../../src/core";
import { ChangeFeed, server } from "../../src/server";
import { ROOTS, closePairs, deferred, demoHandlers, flush, openPair, type Deferred } from "../support/harness";

afterEach(closePairs);

describe("the standalone GET stream (initialize era over HTTP)", () => {
  it("is opened after initialize, and a list_changed sent on it arrives as a notification", async () => {
    const changes = new ChangeFeed();
    const srv = server({
      name: "changing",
      version: "1",
      listChanged: true,
      changes,
      tools: [{ name: "add-tool", handler: () => (changes.publish({ kind: "tools" }), "added") }],
    });
    const p = await openPair({ transport: "http", server: srv, versions: ["2025-11-25"] });
    expect(p.http?.exchanges.some((x) => x.method === "GET" && x.headers.accept === "text/event-stream")).toBe(true);
    await p.client.callTool("add-tool");
    for (let i = 0; i < 20 && p.ofType("notification").length === 0; i++) await flush();
    expect(p.ofType("notification").map((n) => [n.method, n.callId])).toEqual([["notifications/tools/list_changed", undefined]]);
  });
});

/**
 * A hand-written initialize-era Streamable HTTP server, so the order of events is the test's, not a
 * timer's: while a tools/call POST stream is open it sends roots/list on the standalone GET stream
 * ("get-1"), waits for the client's answer, then sends roots/list on the call's own stream ("post-1"),
 * waits for that answer, and only then answers the call.
 */
async function twoStreamServer() {
  const answers = new Map<string, Deferred<Record<string, unknown>>>();
  const answerOf = (id: string): Deferred<Record<string, unknown>> => {
    let d = answers.get(id);
    if (!d) answers.set(id, (d = deferred<Record<string, unknown>>()));
    return d;
  };
  let standalone: ServerResponse | undefined;
  const sse = (res: ServerResponse, message: unknown): void => void res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  const json = (res: ServerResponse, message: unknown, headers: Record<string, string> = {}): void =>
    void res.writeHead(200, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(message));
  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === "GET") {
      standalone = res;
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.flushHeaders();
      return;
    }
    if (req.method !== "POST") return void res.writeHead(405).end();
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const message = JSON.parse(body) as { id?: string | number; method?: string; result?: Record<string, unknown> };
      if (message.method === undefined) {
        // The client's answer to one of our requests.
        res.writeHead(202).end();
        answerOf(String(message.id)).resolve(message.result ?? {});
        return;
      }
      if (message.id === undefined) return void res.writeHead(202).end();
      const reply = (result: Record<string, unknown>) => ({ jsonrpc: "2.0", id: message.id, result });
      if (message.method === "initialize") {
        return json(res, reply({ protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "two-streams", version: "1" } }), { "Mcp-Session-Id": "s-1" });
      }
      if (message.method === "tools/list") return json(res, reply({ tools: [{ name: "work", inputSchema: { type: "object" } }] }));
      if (message.method !== "tools/call") return json(res, reply({}));
      res.writeHead(200, { "Content-Type": "text/event-stream", "Mcp-Session-Id": "s-1" });
      res.flushHeaders();
      void (async () => {
        // connect() waited for the GET stream's headers, so it is open by now.
        if (standalone) sse(standalone, { jsonrpc: "2.0", id: "get-1", method: "roots/list" });
        await answerOf("get-1").promise;
        sse(res, { jsonrpc: "2.0", id: "post-1", method: "roots/list" });
        await answerOf("post-1").promise;
        res.end(`event: message\ndata: ${JSON.stringify(reply({ content: [{ type: "text", text: "done" }] }))}\n\n`);
      })();
    });
  });
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  return { url, answerOf, close: () => new Promise<void>((r) => (http.closeAllConnections(), http.close(() => r()))) };
}

describe("which call a server request belongs to", () => {
  it("Streamable HTTP: a request on the GET stream during a call is no round of it, and is still answered", async () => {
    const srv = await twoStreamServer();
    const asked: [string, string | undefined][] = [];
    const handlers = { "roots/list": (_: unknown, ctx: InputContext) => (asked.push([ctx.key, ctx.callId]), structuredClone(ROOTS)) };
    const client = await connect(new StreamableHttpTransport(srv.url), { versions: ["2025-11-25"], handlers });
    const events: ClientEvent[] = [];
    client.subscribe((e) => events.push(e));
    try {
      const call = client.startCall("tools/call", { name: "work", arguments: {} });
      const outcome = await call.outcome;
      expect(outcome.ok && text(outcome.result)).toBe("done");
      // Only the request on the call's own stream is a round of the call.
      const rounds = events.flatMap((e) => (e.type === "roundStarted" ? [[e.callId, e.serverRequestId]] : []));
      expect(rounds).toEqual([[call.id, "post-1"]]);
      // Both were answered with the roots: the GET stream's outside any call.
      expect(asked).toEqual([
        ["get-1", undefined],
        ["post-1", call.id],
      ]);
      expect(await srv.answerOf("get-1").promise).toEqual(ROOTS);
      // The wire log ties the call's request to the call's request id, and the other to none.
      const callRequest = events.find((e) => e.type === "frame" && e.frame.direction === "out" && (e.frame.message as { method?: string }).method === "tools/call");
      const related = (id: string) =>
        events.flatMap((e) => (e.type === "frame" && e.frame.direction === "in" && (e.frame.message as { id?: unknown }).id === id ? [e.frame.relatedRequestId] : []));
      expect(related("get-1")).toEqual([undefined]);
      expect(related("post-1")).toEqual([callRequest?.type === "frame" ? callRequest.frame.relatedRequestId : "no tools/call frame"]);
    } finally {
      await client.close();
      await srv.close();
    }
  });

  it("in process (one pipe, no streams): a request that names no request is taken as the one call in flight's", async () => {
    const { callId, rounds, result } = await rootsDuringCall("srv-1");
    expect(rounds).toEqual([[callId, "srv-1"]]);
    expect(result).toEqual(ROOTS);
  });

  it("a request that names a request of no call is no call's, even with one call in flight", async () => {
    // As if on the stream of some other request (a listing, say): the transport said whose it is.
    const { rounds, result } = await rootsDuringCall("srv-2", "not-a-call");
    expect(rounds).toEqual([]);
    expect(result).toEqual(ROOTS);
  });
});

async function until(check: () => boolean): Promise<void> {
  // A ceiling against a hang, not a measure of speed.
  for (let i = 0; i < 2000 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error("timed out waiting");
}

/**
 * A call waiting in process, and a roots/list put straight onto the client's end of the pipe while it
 * waits, as a server's request naming `related` (or no request); once it is answered the call is
 * released. The call's rounds as [callId, serverRequestId] and the answer's result.
 */
async function rootsDuringCall(id: string, related?: string): Promise<{ callId: string; rounds: unknown[]; result: unknown }> {
  const release = deferred();
  const srv = server({ name: "waiting", version: "1", tools: [{ name: "wait", handler: async () => (await release.promise, "released") }] });
  const p = await openPair({ transport: "in-process", server: srv, versions: ["2025-11-25"], handlers: demoHandlers() });
  const call = p.client.startCall("tools/call", { name: "wait", arguments: {} });
  await until(() => p.frames().some((f) => f.direction === "out" && (f.message as { method?: string }).method === "tools/call"));
  p.inProcess?.clientEnd.deliver(JSON.stringify({ jsonrpc: "2.0", id, method: "roots/list" }), related);
  await until(() => p.frames().some((f) => f.direction === "out" && (f.message as { id?: unknown }).id === id));
  release.resolve();
  const outcome = await call.outcome;
  expect(outcome.ok && text(outcome.result)).toBe("released");
  const answer = p.frames().find((f) => f.direction === "out" && (f.message as { id?: unknown }).id === id);
  return { callId: call.id, rounds: p.ofType("roundStarted").map((r) => [r.callId, r.serverRequestId]), result: (answer?.message as { result?: unknown }).result };
}
