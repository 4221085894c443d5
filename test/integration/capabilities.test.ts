// Capabilities. A kind without a handler is not declared, so the server refuses to ask:
// -32021 with requiredCapabilities on 2026-07-28, an isError result on initialize-era sessions. A kind
// declared without a handler is the client's own gap: kind "unsupported" in both eras.
import { afterEach, describe, expect, it } from "vitest";
import { text, type InputHandlers, type McpError, META } from "../../src/core";
import { type ClientCapabilities, sample } from "../../src/core/protocol";
import {
  ALL_REVISIONS,
  LEGACY,
  MODERN,
  STUB_DISCOVER,
  TRANSPORTS,
  WITH_ELICITATION,
  caught,
  closePairs,
  demoHandlers,
  expectFramesValid,
  messages,
  offerFor,
  openPair,
  paramsOf,
  stubPair,
} from "../support/harness";

afterEach(closePairs);

function without(...kinds: (keyof InputHandlers)[]): InputHandlers {
  const handlers: InputHandlers = demoHandlers();
  for (const kind of kinds) delete handlers[kind];
  return handlers;
}

describe("what a client declares", () => {
  it.each([
    [MODERN, { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} }],
    ["2025-11-25", { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} }],
    ["2025-06-18", { elicitation: {}, sampling: {}, roots: {} }],
    ["2025-03-26", { sampling: {}, roots: {} }],
    ["2024-11-05", { sampling: {}, roots: {} }],
  ])("with every handler, on %s: %j", async (revision, expected) => {
    const p = await openPair({ transport: "in-process", versions: offerFor(revision), handlers: demoHandlers() });
    const first = messages(p.events, "out")[0] ?? {};
    const declared = revision === MODERN ? (paramsOf(first)._meta as Record<string, unknown>)[META.clientCapabilities] : paramsOf(first).capabilities;
    expect(declared).toEqual(expected);
  });

  it.each([MODERN, "2025-11-25"])("on %s, only the kinds it has handlers for", async (revision) => {
    const p = await openPair({ transport: "in-process", versions: offerFor(revision), handlers: { "roots/list": () => ({ roots: [] }) } });
    const first = messages(p.events, "out")[0] ?? {};
    const declared = revision === MODERN ? (paramsOf(first)._meta as Record<string, unknown>)[META.clientCapabilities] : paramsOf(first).capabilities;
    expect(declared).toEqual({ roots: {} });
  });
});

const REFUSALS: { tool: string; handlers: () => InputHandlers; capabilities?: ClientCapabilities; required: object; says: string }[] = [
  { tool: "summarize", handlers: () => without("sampling/createMessage"), required: { sampling: {} }, says: "sampling" },
  { tool: "list-workspace", handlers: () => without("roots/list"), required: { roots: {} }, says: "roots" },
  { tool: "greet", handlers: () => without("elicitation/create"), required: { elicitation: { form: {} } }, says: "elicitation" },
  { tool: "connect-account", handlers: () => demoHandlers(), capabilities: { elicitation: { form: {} } }, required: { elicitation: { url: {} } }, says: "elicitation (url mode)" },
  { tool: "onboard", handlers: () => without("sampling/createMessage", "roots/list"), required: { sampling: {}, roots: {} }, says: "sampling, roots" },
];

describe.each(TRANSPORTS)("refusals to ask, %s", (transport) => {
  describe("on 2026-07-28", () => {
    it.each(REFUSALS)("$tool without what it needs: -32021 with requiredCapabilities $required", async ({ tool, handlers, capabilities, required, says }) => {
      const p = await openPair({ transport, handlers: handlers(), ...(capabilities ? { capabilities } : {}) });
      const error = await caught<McpError>(p.client.callTool(tool, { text: "t" }));
      expect(error.kind).toBe("protocol");
      expect(error.code).toBe(-32021);
      expect(error.data).toEqual({ requiredCapabilities: required });
      expect(error.message).toContain(`requires the ${says} capability`);
      expect(p.ofType("inputRequested")).toHaveLength(0);
      expect(messages(p.events, "out", "tools/call")).toHaveLength(1);
      if (p.http) expect(p.http.exchanges.find((x) => x.body?.method === "tools/call")?.status).toBe(400);
      expectFramesValid(p.events, MODERN);
    });

    it("a resource and a prompt that need elicitation are refused the same way", async () => {
      const p = await openPair({ transport, handlers: without("elicitation/create") });
      const read = await caught<McpError>(p.client.readResource("demo://weather"));
      const prompt = await caught<McpError>(p.client.getPrompt("tone", { topic: "tea" }));
      for (const error of [read, prompt]) {
        expect(error.code).toBe(-32021);
        expect(error.data).toEqual({ requiredCapabilities: { elicitation: { form: {} } } });
      }
    });
  });

  describe.each(LEGACY)("on %s", (revision) => {
    it("summarize without a sampling handler gives an isError result and no server request", async () => {
      const p = await openPair({ transport, versions: [revision], handlers: without("sampling/createMessage") });
      const result = await p.client.callTool("summarize", { text: "t" });
      expect(result.isError).toBe(true);
      expect(text(result)).toBe("Server requires the sampling capability for this request, which the client did not declare");
      expect(messages(p.events, "in").some((m) => m.method === "sampling/createMessage")).toBe(false);
      expectFramesValid(p.events, revision);
    });
  });

  describe.each(WITH_ELICITATION.filter((r) => r !== MODERN))("elicitation on %s", (revision) => {
    it("greet without an elicitation handler gives an isError result", async () => {
      const p = await openPair({ transport, versions: [revision], handlers: without("elicitation/create") });
      const result = await p.client.callTool("greet");
      expect(result.isError).toBe(true);
      expect(text(result)).toContain("requires the elicitation capability");
    });
  });
});

describe.each(TRANSPORTS)("declared without a handler, %s", (transport) => {
  describe.each(ALL_REVISIONS)("on %s", (revision) => {
    it("sampling declared in capabilities but unanswerable fails the call with kind unsupported", async () => {
      const p = await openPair({ transport, versions: offerFor(revision), handlers: without("sampling/createMessage"), capabilities: { sampling: {} } });
      const error = await caught<McpError>(p.client.callTool("summarize", { text: "t" }));
      expect(error.kind).toBe("unsupported");
      expect(error.message).toBe("the server asked for sampling/createMessage: this client declares the capability but has no handler for it");
      const answered = p.ofType("inputAnswered");
      expect(answered).toHaveLength(1);
      expect(answered[0]?.error?.kind).toBe("unsupported");
      expect(p.ofType("callFinished")[0]?.error?.kind).toBe("unsupported");
      // On 2026-07-28 nothing is retried; on a legacy session the server is told with a JSON-RPC error.
      if (revision === MODERN) expect(messages(p.events, "out", "tools/call")).toHaveLength(1);
      else expect(messages(p.events, "out").some((m) => (m.error as { code?: number } | undefined)?.code === -32601)).toBe(true);
    });
  });

  it.each([MODERN, "2025-11-25", "2025-06-18"])("elicitation declared without a handler on %s: kind unsupported", async (revision) => {
    const p = await openPair({ transport, versions: offerFor(revision), capabilities: { elicitation: {} } });
    const error = await caught<McpError>(p.client.callTool("greet"));
    expect(error.kind).toBe("unsupported");
    expect(error.message).toContain("elicitation/create");
  });

  it("the session keeps working after an unsupported input on a legacy session", async () => {
    const p = await openPair({ transport, versions: ["2025-11-25"], handlers: without("roots/list"), capabilities: { roots: {} } });
    expect((await caught<McpError>(p.client.callTool("list-workspace"))).kind).toBe("unsupported");
    expect(text(await p.client.callTool("greet"))).toBe("Hello, Ada!");
  });
});

describe("a server that asks for what the client never declared", () => {
  it("is a protocol error on the client, and the call is not retried", async () => {
    const stub = stubPair((request) => {
      if (request.method === "server/discover") return STUB_DISCOVER;
      return { resultType: "input_required", inputRequests: { s: sample("hi") } };
    }, { handlers: { "elicitation/create": () => ({ action: "decline" }) } });
    await stub.connect();
    const error = await caught<McpError>(stub.client.callTool("x"));
    expect(error.kind).toBe("protocol");
    expect(error.message).toBe("the server asked for sampling/createMessage, which this client did not declare");
    expect(stub.requests.filter((r) => r.method === "tools/call")).toHaveLength(1);
    await stub.close();
  });
});
