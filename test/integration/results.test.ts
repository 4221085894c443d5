// Results. Caching hints (ttlMs 0 after input), resultType on every 2026-07-28 result, a
// missing resultType read as complete and never retried, unknown resultTypes refused, and input on
// prompts/get and resources/read exactly as on tools/call, in both eras.
import { afterEach, describe, expect, it } from "vitest";
import { text, type McpError } from "../../src/core";
import { elicit } from "../../src/core/protocol";
import {
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
  stubPair,
} from "../support/harness";

afterEach(closePairs);

describe.each(TRANSPORTS)("results over %s", (transport) => {
  it("a resources/read that took input says ttlMs 0; a plain one keeps its ttl", async () => {
    const p = await openPair({ transport, handlers: demoHandlers() });
    const weather = await p.client.readResource("demo://weather");
    const readme = await p.client.readResource("demo://readme");
    expect(text(weather)).toBe("Oslo: snow, -3°C");
    expect(weather).toMatchObject({ resultType: "complete", ttlMs: 0, cacheScope: "private" });
    expect(readme).toMatchObject({ resultType: "complete", ttlMs: 60_000, cacheScope: "private" });
    expect(text(readme)).toContain("# presa demo server");
    expectFramesValid(p.events, MODERN);
  });

  it("every 2026-07-28 result carries resultType, and only the three input methods ever say input_required", async () => {
    const p = await openPair({ transport, handlers: demoHandlers(), serverOptions: { listTtlMs: 5000 } });
    await p.client.listTools();
    await p.client.listResources();
    await p.client.listResourceTemplates();
    await p.client.listPrompts();
    await p.client.callTool("two-steps");
    await p.client.readResource("demo://weather");
    await p.client.readResource("demo://greeting/Ada");
    await p.client.getPrompt("tone", { topic: "tea" });
    await p.client.request("completion/complete", { ref: { type: "ref/prompt", name: "tone" }, argument: { name: "topic", value: "t" } });
    const results = p.frames().filter((f) => f.direction === "in" && f.message && "result" in f.message);
    expect(results.length).toBe(14);
    for (const frame of results) {
      const result = (frame.message as { result: Record<string, unknown> }).result;
      expect(["complete", "input_required"]).toContain(result.resultType);
      if (result.resultType === "input_required") expect(["tools/call", "resources/read", "prompts/get"]).toContain(frame.method);
    }
    // Cacheable list results carry both hints (SEP-2549), with the server's listTtlMs.
    for (const method of ["server/discover", "tools/list", "resources/list", "resources/templates/list", "prompts/list"]) {
      const frame = results.find((f) => f.method === method);
      expect((frame?.message as { result: object } | undefined)?.result).toMatchObject({ ttlMs: 5000, cacheScope: "public" });
    }
    expectFramesValid(p.events, MODERN);
  });

  describe.each(LEGACY)("on %s", (revision) => {
    it("results carry neither resultType nor caching hints", async () => {
      const p = await openPair({ transport, versions: [revision], handlers: demoHandlers() });
      const readme = await p.client.readResource("demo://readme");
      const tools = await p.client.request("tools/list");
      for (const result of [readme, tools]) {
        expect(result).not.toHaveProperty("resultType");
        expect(result).not.toHaveProperty("ttlMs");
        expect(result).not.toHaveProperty("cacheScope");
      }
      expectFramesValid(p.events, revision);
    });
  });

  describe.each(WITH_ELICITATION)("prompts and resources that take input, on %s", (revision) => {
    it("prompts/get tone asks for the tone, then returns its messages", async () => {
      const p = await openPair({ transport, versions: offerFor(revision), handlers: demoHandlers() });
      const result = await p.client.getPrompt("tone", { topic: "tea" });
      expect(text(result)).toBe("Write a short paragraph about tea in a pirate tone.");
      expect(result.description).toBe("Asks which tone, then returns a prompt for it");
      expect(p.ofType("inputRequested").map((e) => [e.request.method, (e.request.params as { message: string }).message])).toEqual([
        ["elicitation/create", "Which tone should the text have?"],
      ]);
      expect(p.ofType("callFinished")[0]).toMatchObject({ method: "prompts/get", rounds: 1 });
      expectFramesValid(p.events, revision);
    });

    it("resources/read demo://weather asks which city, then reports it", async () => {
      const p = await openPair({ transport, versions: offerFor(revision), handlers: demoHandlers() });
      const result = await p.client.readResource("demo://weather");
      expect(result.contents).toEqual([{ uri: "demo://weather", mimeType: "text/plain", text: "Oslo: snow, -3°C" }]);
      expect(p.ofType("callFinished")[0]).toMatchObject({ method: "resources/read", rounds: 1 });
      expectFramesValid(p.events, revision);
    });
  });

  it.each([
    [MODERN, -32602],
    ["2025-11-25", -32002],
  ])("a missing resource on %s is %i", async (revision, code) => {
    const p = await openPair({ transport, versions: offerFor(revision) });
    const error = await caught<McpError>(p.client.readResource("demo://nowhere"));
    expect(error.code).toBe(code);
    expect(error.message).toBe("Resource not found: demo://nowhere");
  });
});

function stubAnswering(call: Record<string, unknown>) {
  return stubPair((request) => (request.method === "server/discover" ? STUB_DISCOVER : structuredClone(call)), { handlers: demoHandlers() });
}

describe("results a 2026-07-28 server should not send (stub server)", () => {
  it("a result without resultType is complete and is not retried, even with inputRequests in it", async () => {
    const stub = stubAnswering({ content: [{ type: "text", text: "plain" }], inputRequests: { who: elicit("Who?") } });
    await stub.connect();
    const result = await stub.client.callTool("no-result-type");
    expect(text(result)).toBe("plain");
    expect(stub.requests.filter((r) => r.method === "tools/call")).toHaveLength(1);
    expect(stub.events.some((e) => e.type === "roundStarted" || e.type === "inputRequested")).toBe(false);
    await stub.close();
  });

  it("resultType \"task\" to a client that did not declare the tasks extension is a protocol error that says so", async () => {
    const stub = stubAnswering({ resultType: "task", content: [] });
    await stub.connect();
    const error = await caught<McpError>(stub.client.callTool("odd"));
    expect(error.kind).toBe("protocol");
    expect(error.message).toMatch(/answered tools\/call with a task .*did not declare the io.modelcontextprotocol\/tasks extension/);
    await stub.close();
  });

  it.each(["incomplete", "", 7])("resultType %j is a protocol error", async (resultType) => {
    const stub = stubAnswering({ resultType, content: [] });
    await stub.connect();
    const error = await caught<McpError>(stub.client.callTool("odd"));
    expect(error.kind).toBe("protocol");
    expect(error.message).toBe(`unrecognised resultType: ${JSON.stringify(resultType)}`);
    expect(stub.requests.filter((r) => r.method === "tools/call")).toHaveLength(1);
    await stub.close();
  });

  it("an unknown resultType on a list is a protocol error too, not an empty list", async () => {
    const stub = stubAnswering({ resultType: "incomplete", tools: [] });
    await stub.connect();
    const error = await caught<McpError>(stub.client.listTools());
    expect(error.kind).toBe("protocol");
    expect(error.message).toBe('unrecognised resultType: "incomplete"');
    await stub.close();
  });

  it("input_required in answer to tools/list is refused locally (only three methods may ask)", async () => {
    const stub = stubAnswering({ resultType: "input_required", inputRequests: { who: elicit("Who?") } });
    await stub.connect();
    const error = await caught<McpError>(stub.client.listTools());
    expect(error.kind).toBe("protocol");
    expect(error.message).toBe("tools/list may not answer input_required");
    expect(stub.events.some((e) => e.type === "inputRequested")).toBe(false);
    await stub.close();
  });

  it("an input_required result with neither inputRequests nor requestState is a protocol error", async () => {
    const stub = stubAnswering({ resultType: "input_required" });
    await stub.connect();
    const error = await caught<McpError>(stub.client.callTool("empty"));
    expect(error.message).toBe("input_required result has neither inputRequests nor requestState");
    expect(messages(stub.events, "out", "tools/call")).toHaveLength(1);
    await stub.close();
  });
});
