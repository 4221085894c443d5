// Revisions and negotiation. server/discover first on 2026-07-28, initialize for the older
// revisions, the -32022 fallback, the error when nothing is mutual, the per-request _meta, and the
// one bounded retry on -32022 for an ordinary request.
import { afterEach, describe, expect, it } from "vitest";
import { text, type McpError, META } from "../../src/core";
import { demoServer } from "../../src/server/demo";
import { startHttpServer } from "../../src/server/http/handler";
import {
  LEGACY,
  MODERN,
  RefusingTransport,
  TRANSPORTS,
  caught,
  closePairs,
  demoHandlers,
  expectFramesValid,
  messages,
  openPair,
  paramsOf,
  preparePair,
} from "../support/harness";

afterEach(closePairs);

const UNSUPPORTED = { code: -32022, message: "Unsupported protocol version", data: { supported: [MODERN], requested: MODERN } };

describe.each(TRANSPORTS)("negotiation over %s", (transport) => {
  it("a default client negotiates 2026-07-28 with server/discover and never initializes", async () => {
    const p = await openPair({ transport, handlers: demoHandlers() });
    expect(p.client.revision).toBe(MODERN);
    expect(p.client.era).toBe("modern");
    const out = messages(p.events, "out");
    expect(out[0]?.method).toBe("server/discover");
    expect(out.some((m) => m.method === "initialize" || m.method === "notifications/initialized")).toBe(false);
    expect(p.ofType("revisionChanged")).toEqual([{ type: "revisionChanged", from: undefined, to: MODERN, reason: "offered first" }]);
    const [connected] = p.ofType("connected");
    expect(connected).toMatchObject({ revision: MODERN, era: "modern", serverInfo: { name: "presa-demo", version: "0.1.0" } });
    expect(connected?.instructions).toContain("A demo of MCP input flows");
    expect(connected?.serverCapabilities).toMatchObject({ tools: {}, resources: {}, prompts: {} });
    expect(p.client.getSnapshot().status).toBe("connected");
    expectFramesValid(p.events, MODERN);
  });

  describe.each(LEGACY)("a client offering only %s", (revision) => {
    it("opens with initialize and notifications/initialized, era legacy", async () => {
      const p = await openPair({ transport, versions: [revision], handlers: demoHandlers() });
      expect(p.client.revision).toBe(revision);
      expect(p.client.era).toBe("legacy");
      const out = messages(p.events, "out");
      expect(out.map((m) => m.method).slice(0, 2)).toEqual(["initialize", "notifications/initialized"]);
      expect(paramsOf(out[0] ?? {}).protocolVersion).toBe(revision);
      expect(out.some((m) => m.method === "server/discover")).toBe(false);
      expect(p.ofType("connected")[0]).toMatchObject({ revision, era: "legacy", serverInfo: { name: "presa-demo" } });
      // Legacy requests carry no per-request protocol metadata.
      await p.client.listTools();
      const list = messages(p.events, "out", "tools/list")[0];
      expect(paramsOf(list ?? {})._meta).toBeUndefined();
      expectFramesValid(p.events, revision);
    });
  });

  it("a 2025-06-18 server refuses discover with -32022 and `supported`; the client initializes at 2025-06-18", async () => {
    const p = await openPair({ transport, server: demoServer({ versions: ["2025-06-18"] }), handlers: demoHandlers() });
    expect(p.client.revision).toBe("2025-06-18");
    expect(p.client.era).toBe("legacy");
    const refusal = messages(p.events, "in").find((m) => (m.error as { code?: number } | undefined)?.code === -32022);
    expect(refusal?.error).toMatchObject({ data: { supported: ["2025-06-18"], requested: MODERN } });
    expect(messages(p.events, "out").map((m) => m.method)).toEqual(["server/discover", "initialize", "notifications/initialized"]);
    expect(paramsOf(messages(p.events, "out", "initialize")[0] ?? {}).protocolVersion).toBe("2025-06-18");
    expect(p.ofType("revisionChanged").map((e) => [e.from, e.to])).toEqual([
      [undefined, MODERN],
      [MODERN, "2025-06-18"],
    ]);
    expect(text(await p.client.callTool("greet"))).toBe("Hello, Ada!");
    expectFramesValid(p.events, "2025-06-18");
  });

  it("a legacy client offering two revisions takes the older one the server picks", async () => {
    const p = await openPair({ transport, server: demoServer({ versions: ["2025-06-18"] }), versions: ["2025-11-25", "2025-06-18"], handlers: demoHandlers() });
    expect(paramsOf(messages(p.events, "out", "initialize")[0] ?? {}).protocolVersion).toBe("2025-11-25");
    expect(p.client.revision).toBe("2025-06-18");
    expect(text(await p.client.callTool("greet"))).toBe("Hello, Ada!");
  });

  it("a server pick the client does not offer ends the connection with an error naming both", async () => {
    const p = await preparePair({ transport, server: demoServer({ versions: ["2025-06-18"] }), versions: ["2025-11-25"] });
    const error = await caught<McpError>(p.connect());
    expect(error.kind).toBe("protocol");
    expect(error.message).toBe("the server chose revision 2025-06-18, which this client does not offer (2025-11-25)");
    expect(p.client.getSnapshot().status).toBe("closed");
  });

  it("a legacy-only client against a 2026-07-28-only server fails with an error that names the server's revisions", async () => {
    const p = await preparePair({ transport, server: demoServer({ versions: [MODERN] }), versions: ["2025-11-25"] });
    const error = await caught<McpError>(p.connect());
    expect(error.kind).toBe("protocol");
    expect(error.code).toBe(-32602);
    expect(error.message).toBe("this server does not speak initialize-era revisions");
    expect(error.data).toMatchObject({ supported: [MODERN], requested: "2025-11-25" });
    expect(p.client.getSnapshot().status).toBe("closed");
  });

  if (transport === "http") {
    it("a refused initialize leaves no session behind on the HTTP endpoint, even if the client never DELETEs", async () => {
      const running = await startHttpServer(demoServer({ versions: [MODERN] }), { port: 0 });
      try {
        const body = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };
        const response = await fetch(running.url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify(body) });
        expect(await response.text()).toContain("this server does not speak initialize-era revisions");
        expect(running.handler.legacySessions.size).toBe(0);
      } finally {
        await running.close();
      }
    });
  }

  it("a 2026-07-28-only client against a legacy-only server fails with the -32022 that lists what the server speaks", async () => {
    const p = await preparePair({ transport, server: demoServer({ versions: ["2025-11-25"] }), versions: [MODERN] });
    const error = await caught<McpError>(p.connect());
    expect(error.code).toBe(-32022);
    expect(error.data).toMatchObject({ supported: ["2025-11-25"] });
    expect(messages(p.events, "out").some((m) => m.method === "initialize")).toBe(false);
  });

  it("every 2026-07-28 request carries protocolVersion, clientInfo and clientCapabilities in _meta", async () => {
    const clientInfo = { name: "matrix-client", version: "9.9.9" };
    const p = await openPair({ transport, handlers: demoHandlers(), clientInfo });
    await p.client.listTools();
    await p.client.listResources();
    await p.client.listPrompts();
    await p.client.callTool("greet", {}, { meta: { progressToken: "pt-1" } });
    await p.client.readResource("demo://readme");
    await p.client.getPrompt("hello");
    const requests = messages(p.events, "out").filter((m) => m.id !== undefined);
    expect(requests.map((m) => m.method)).toEqual(["server/discover", "tools/list", "resources/list", "prompts/list", "tools/call", "tools/call", "resources/read", "prompts/get"]);
    for (const request of requests) {
      const meta = paramsOf(request)._meta as Record<string, unknown>;
      expect(meta[META.protocolVersion]).toBe(MODERN);
      expect(meta[META.clientInfo]).toEqual(clientInfo);
      expect(meta[META.clientCapabilities]).toEqual({ elicitation: { form: {}, url: {} }, sampling: {}, roots: {} });
    }
    // A caller's own _meta rides along on every round of its call, next to the protocol keys.
    const calls = requests.filter((m) => m.method === "tools/call");
    expect(calls.map((m) => (paramsOf(m)._meta as Record<string, unknown>).progressToken)).toEqual(["pt-1", "pt-1"]);
    expectFramesValid(p.events, MODERN);
  });

  it("a client with no handlers declares {} on every request", async () => {
    const p = await openPair({ transport });
    await p.client.listTools();
    for (const request of messages(p.events, "out")) expect((paramsOf(request)._meta as Record<string, unknown>)[META.clientCapabilities]).toEqual({});
  });

  it("-32022 on an ordinary request is retried once, with a new id and the mutual revision", async () => {
    let refusing: RefusingTransport | undefined;
    const p = await openPair({ transport, handlers: demoHandlers(), wrap: (t) => (refusing = new RefusingTransport(t, "tools/list", UNSUPPORTED)) });
    const tools = await p.client.listTools();
    expect(tools.map((t) => t.name)).toContain("greet");
    expect(refusing?.refused).toBe(1);
    const lists = messages(p.events, "out", "tools/list");
    expect(lists).toHaveLength(2);
    expect(lists[0]?.id).not.toBe(lists[1]?.id);
    expect((paramsOf(lists[1] ?? {})._meta as Record<string, unknown>)[META.protocolVersion]).toBe(MODERN);
    if (p.http) {
      const posted = p.http.exchanges.filter((x) => x.body?.method === "tools/list");
      expect(posted.map((x) => x.headers["mcp-protocol-version"])).toEqual([MODERN]);
    }
    // The version did not change, so no revisionChanged beyond the first.
    expect(p.ofType("revisionChanged")).toHaveLength(1);
  });

  it("-32022 on a tool call is retried under a new id (never one used before), and its progress stays the call's", async () => {
    let refusing: RefusingTransport | undefined;
    const p = await openPair({ transport, wrap: (t) => (refusing = new RefusingTransport(t, "tools/call", UNSUPPORTED)) });
    const meta = { progressToken: "t-retry" };
    expect(text(await p.client.callTool("countdown", { steps: 2, delayMs: 0 }, { meta }))).toBe("Counted 2 steps.");
    expect(refusing?.refused).toBe(1);
    const calls = messages(p.events, "out", "tools/call");
    expect(calls).toHaveLength(2);
    const ids = messages(p.events, "out").map((m) => m.id).filter((id) => id !== undefined);
    expect(new Set(ids).size).toBe(ids.length);
    const progress = p.ofType("notification").filter((n) => n.method === "notifications/progress");
    expect(progress.map((n) => n.params?.progress)).toEqual([1, 2]);
    expect(progress.every((n) => n.callId !== undefined)).toBe(true);
  });

  it("the conformance mock's refusal of the very first request (discover) is retried and connects", async () => {
    const p = await openPair({ transport, wrap: (t) => new RefusingTransport(t, "server/discover", UNSUPPORTED) });
    expect(p.client.revision).toBe(MODERN);
    expect(messages(p.events, "out", "server/discover")).toHaveLength(2);
  });

  it("a second -32022 for the same request is not retried again: the call fails with it", async () => {
    const p = await openPair({ transport, handlers: demoHandlers(), wrap: (t) => new RefusingTransport(t, "tools/call", UNSUPPORTED, 5) });
    const error = await caught<McpError>(p.client.callTool("echo", { message: "x" }));
    expect(error.kind).toBe("protocol");
    expect(error.code).toBe(-32022);
    expect(messages(p.events, "out", "tools/call")).toHaveLength(2);
  });

  it("-32022 whose `supported` has nothing this client offers is not retried", async () => {
    const refusal = { ...UNSUPPORTED, data: { supported: ["2099-01-01"], requested: MODERN } };
    const p = await openPair({ transport, wrap: (t) => new RefusingTransport(t, "tools/list", refusal) });
    const error = await caught<McpError>(p.client.listTools());
    expect(error.code).toBe(-32022);
    expect(messages(p.events, "out", "tools/list")).toHaveLength(1);
  });
});
