// What the transports add. HTTP headers in both flavours (SEP-2243 on 2026-07-28, sessions
// on the initialize era), broken frames from a server that are logged without breaking the session,
// and a peer that goes away.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Client, text, type McpError, StreamableHttpTransport } from "../../src/core";
import { elicit, inputRequired, inputResponse, server } from "../../src/server";
import { LEGACY, MODERN, STUB_DISCOVER, caught, closePairs, deferred, demoHandlers, expectFramesValid, flush, openPair } from "../support/harness";

afterEach(closePairs);

describe("Streamable HTTP, 2026-07-28 flavour", () => {
  it("every POST carries MCP-Protocol-Version, Mcp-Method and, where it applies, Mcp-Name; never a session", async () => {
    const p = await openPair({ transport: "http", handlers: demoHandlers() });
    await p.client.listTools();
    await p.client.callTool("greet");
    await p.client.readResource("demo://readme");
    await p.client.getPrompt("tone", { topic: "tea" });
    const posts = p.http?.exchanges ?? [];
    expect(posts.map((x) => [x.body?.method, x.headers["mcp-name"]])).toEqual([
      ["server/discover", undefined],
      ["tools/list", undefined],
      ["tools/call", "greet"],
      ["tools/call", "greet"],
      ["resources/read", "demo://readme"],
      ["prompts/get", "tone"],
      ["prompts/get", "tone"],
    ]);
    for (const post of posts) {
      expect(post.method).toBe("POST");
      expect(post.headers["mcp-protocol-version"]).toBe(MODERN);
      expect(post.headers["mcp-method"]).toBe(post.body?.method);
      expect(post.headers.accept).toBe("application/json, text/event-stream");
      expect(post.headers["content-type"]).toBe("application/json");
      expect(post.headers).not.toHaveProperty("mcp-session-id");
      expect(post.responseHeaders).not.toHaveProperty("mcp-session-id");
    }
  });

  it("a non-ASCII Mcp-Name goes as the Base64 sentinel, and the server decodes it to match the body", async () => {
    const p = await openPair({ transport: "http" });
    expect(text(await p.client.readResource("demo://greeting/Zo%C3%AB"))).toBe("Hello, Zoë!");
    expect(text(await p.client.readResource("demo://greeting/Zoë"))).toBe("Hello, Zoë!");
    const names = (p.http?.exchanges ?? []).filter((x) => x.body?.method === "resources/read").map((x) => x.headers["mcp-name"]);
    expect(names).toEqual(["demo://greeting/Zo%C3%AB", `=?base64?${Buffer.from("demo://greeting/Zoë").toString("base64")}?=`]);
  });

  it("a header that disagrees with the body is refused with -32020 and HTTP 400", async () => {
    const p = await openPair({ transport: "http", handlers: demoHandlers() });
    p.http?.setHeader("mcp-name", "echo");
    const error = await caught<McpError>(p.client.callTool("greet"));
    expect(error.kind).toBe("protocol");
    expect(error.code).toBe(-32020);
    expect(error.message).toBe("Mcp-Name header does not match params.name");
    expect(p.http?.exchanges.at(-1)?.status).toBe(400);
    p.http?.clearHeader("mcp-name");
    expect(text(await p.client.callTool("echo", { message: "fine again" }))).toBe("fine again");
  });
});

describe("x-mcp-header arguments on 2026-07-28 (SEP-2243)", () => {
  const regional = server({
    name: "regional",
    version: "1",
    tools: [
      {
        name: "regional",
        inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" }, note: { type: "string" } } },
        handler: (args, ctx) => (inputResponse(ctx, "ok") ? `served ${String(args.region)}` : inputRequired({ ok: elicit("OK?", { type: "object", properties: {} }) })),
      },
    ],
  });

  it("are mirrored into Mcp-Param-* on the first request and on every retry", async () => {
    const p = await openPair({ transport: "http", server: regional, handlers: demoHandlers() });
    await p.client.listTools();
    expect(text(await p.client.callTool("regional", { region: "eu-west-1", note: "not mirrored" }))).toBe("served eu-west-1");
    const calls = (p.http?.exchanges ?? []).filter((x) => x.body?.method === "tools/call");
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.headers["mcp-param-region"]).toBe("eu-west-1");
      expect(call.headers).not.toHaveProperty("mcp-param-note");
    }
  });
});

describe.each(LEGACY)("Streamable HTTP, initialize-era flavour on %s", (revision) => {
  it("the session id from initialize rides on every later request, and close ends the session", async () => {
    const p = await openPair({ transport: "http", versions: [revision], handlers: demoHandlers() });
    await p.client.callTool("summarize", { text: "t" });
    const exchanges = p.http?.exchanges ?? [];
    const [init, ...later] = exchanges;
    expect(init?.body?.method).toBe("initialize");
    expect(init?.headers).not.toHaveProperty("mcp-session-id");
    const session = init?.responseHeaders?.["mcp-session-id"];
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    // initialized, the standalone GET stream, tools/call, and the answer to sampling/createMessage (a response POST).
    const what = (x: (typeof later)[number]): unknown => (x.method === "GET" ? "GET" : (x.body?.method ?? ("result" in (x.body ?? {}) ? "response" : "?")));
    expect(later.map(what)).toEqual(["notifications/initialized", "GET", "tools/call", "response"]);
    for (const x of later) {
      expect(x.headers["mcp-session-id"]).toBe(session);
      // MCP-Protocol-Version is sent after initialize from 2025-06-18 on.
      if (revision >= "2025-06-18") expect(x.headers["mcp-protocol-version"]).toBe(revision);
      else expect(x.headers).not.toHaveProperty("mcp-protocol-version");
    }
    expect(later.map((x) => x.status)).toEqual([202, 200, 200, 202]);
    expect(p.http?.running.handler.legacySessions.size).toBe(1);
    await p.close();
    const ended = exchanges.at(-1);
    expect(ended).toMatchObject({ method: "DELETE", status: 200 });
    expect(ended?.headers["mcp-session-id"]).toBe(session);
  });
});

describe("broken frames from an in-process server", () => {
  it("invalid JSON, a batch and a non-JSON-RPC value are logged as broken frames and the session keeps working", async () => {
    const p = await openPair({ transport: "in-process", handlers: demoHandlers() });
    const end = p.inProcess?.clientEnd;
    end?.deliver("{not json");
    end?.deliver("[1, 2]");
    end?.deliver('{"jsonrpc":"1.0","id":1,"result":{}}');
    const broken = p.frames().filter((f) => f.message === undefined);
    expect(broken.map((f) => [f.direction, f.raw, f.error?.split(":")[0]])).toEqual([
      ["in", "{not json", "bad frame from peer"],
      ["in", "[1, 2]", "bad frame from peer"],
      ["in", '{"jsonrpc":"1.0","id":1,"result":{}}', "bad frame from peer"],
    ]);
    expect(broken[1]?.error).toBe("bad frame from peer: JSON-RPC batches are not supported");
    expect(text(await p.client.callTool("two-steps"))).toBe("Ada likes blue");
    expect(p.client.getSnapshot().status).toBe("connected");
    expectFramesValid(p.events, MODERN);
  });

  it("on 2026-07-28 a request from the server is refused with -32601 and never reaches a handler", async () => {
    let asked = 0;
    const p = await openPair({ transport: "in-process", handlers: { "elicitation/create": () => (asked++, { action: "accept", content: { name: "leak" } }) } });
    p.inProcess?.clientEnd.deliver(JSON.stringify({ jsonrpc: "2.0", id: "evil-1", method: "elicitation/create", params: { message: "Password?", requestedSchema: { type: "object", properties: {} } } }));
    await flush();
    await flush();
    const reply = p.frames().find((f) => f.direction === "out" && f.message && "id" in f.message && f.message.id === "evil-1");
    expect(reply?.message).toMatchObject({ error: { code: -32601 } });
    expect(reply?.method).toBe("elicitation/create");
    expect(asked).toBe(0);
    expect(p.ofType("inputRequested")).toHaveLength(0);
  });

  it("junk in the middle of a call's rounds does not disturb the call", async () => {
    const gate = deferred();
    const handlers = demoHandlers();
    const p = await openPair({
      transport: "in-process",
      versions: ["2025-11-25"],
      handlers: { ...handlers, "elicitation/create": async (params, ctx) => (await gate.promise, handlers["elicitation/create"](params, ctx)) },
    });
    const call = p.client.callTool("greet");
    await new Promise((r) => setImmediate(r));
    p.inProcess?.clientEnd.deliver("\u0000garbage");
    p.inProcess?.clientEnd.deliver('{"jsonrpc":"2.0","id":"nobody-asked","result":{}}');
    gate.resolve();
    expect(text(await call)).toBe("Hello, Ada!");
    expect(p.frames().filter((f) => f.message === undefined)).toHaveLength(1);
  });

  it("a server end that goes away fails the call in flight with kind closed and reports the close", async () => {
    const gate = deferred();
    const p = await openPair({ transport: "in-process", handlers: { "elicitation/create": async () => (await gate.promise, { action: "accept", content: { name: "x" } }) } });
    const call = p.client.callTool("two-steps");
    await new Promise((r) => setImmediate(r));
    const retry = p.client.callTool("echo", { message: "x" });
    await p.inProcess?.serverEnd.close();
    gate.resolve();
    const errors = await Promise.all([caught<McpError>(call), caught<McpError>(retry)]);
    expect(errors.map((e) => e.kind)).toEqual(["closed", "closed"]);
    expect(p.ofType("closed")).toHaveLength(1);
    expect(p.client.getSnapshot().status).toBe("closed");
  });
});

/** A hand-written HTTP server: discover is fine, then each POST of `method` gets `reply`. */
async function rawHttp(method: string, reply: (res: ServerResponse, id: unknown) => void) {
  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const message = JSON.parse(body) as { id?: unknown; method?: string };
      if (message.method === method) return reply(res, message.id);
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result: STUB_DISCOVER }));
    });
  });
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  return { url, close: () => new Promise<void>((r) => (http.closeAllConnections(), http.close(() => r()))) };
}

describe("broken frames from an HTTP server", () => {
  it("a garbage SSE event before the response is logged, and the response still arrives", async () => {
    const srv = await rawHttp("tools/list", (res, id) => {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write("event: message\ndata: {oops\n\n");
      res.end(`event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", id, result: { resultType: "complete", tools: [{ name: "t", inputSchema: { type: "object" } }] } })}\n\n`);
    });
    const client = new Client(new StreamableHttpTransport(srv.url));
    const frames: { raw: string; ok: boolean }[] = [];
    client.subscribe((e) => e.type === "frame" && e.frame.direction === "in" && frames.push({ raw: e.frame.raw, ok: e.frame.message !== undefined }));
    try {
      await client.open();
      expect((await client.listTools()).map((t) => t.name)).toEqual(["t"]);
      expect(frames.filter((f) => !f.ok).map((f) => f.raw)).toEqual(["{oops"]);
    } finally {
      await client.close();
      await srv.close();
    }
  });

  it("a plain JSON response that does not parse fails its request at once (kind transport), not by timeout", async () => {
    const srv = await rawHttp("tools/list", (res) => res.writeHead(200, { "Content-Type": "application/json" }).end("{not json"));
    const client = new Client(new StreamableHttpTransport(srv.url), { requestTimeoutMs: 2000 });
    try {
      await client.open();
      const error = await caught<McpError>(client.listTools());
      expect(error.kind).toBe("transport");
      expect(error.message).toContain("bad frame from server");
      expect((await client.request("resources/list")).resultType).toBe("complete");
    } finally {
      await client.close();
      await srv.close();
    }
  });
});
