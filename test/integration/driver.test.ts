// The driver's wire rules: a new JSON-RPC id per retry, requestState echoed byte for byte
// and omitted when none came, nothing leaking into other requests, and the round cap in both eras.
import { afterEach, describe, expect, it } from "vitest";
import { text, type InputHandlers, type McpError } from "../../src/core";
import { elicit } from "../../src/core/protocol";
import {
  MODERN,
  STUB_DISCOVER,
  TRANSPORTS,
  WITH_ELICITATION,
  caught,
  closePairs,
  deferred,
  demoHandlers,
  expectFramesValid,
  messages,
  offerFor,
  openPair,
  paramsOf,
  stubPair,
} from "../support/harness";

afterEach(closePairs);

describe.each(TRANSPORTS)("retries on 2026-07-28 over %s", (transport) => {
  it("every retry is a new JSON-RPC id, and retrySent names it", async () => {
    const p = await openPair({ transport, handlers: demoHandlers() });
    await p.client.callTool("two-steps");
    const ids = messages(p.events, "out").map((m) => m.id).filter((id) => id !== undefined);
    expect(new Set(ids).size).toBe(ids.length);
    const calls = messages(p.events, "out", "tools/call");
    expect(calls).toHaveLength(3);
    expect(p.ofType("retrySent").map((e) => e.requestId)).toEqual([calls[1]?.id, calls[2]?.id]);
  });

  it("requestState is echoed byte for byte, round after round", async () => {
    const p = await openPair({ transport, handlers: demoHandlers() });
    await p.client.callTool("two-steps");
    const answers = messages(p.events, "in").filter((m) => (m.result as { resultType?: string } | undefined)?.resultType === "input_required");
    const tokens = answers.map((m) => (m.result as { requestState: string }).requestState);
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).not.toBe(tokens[1]);
    const retries = p.frames().filter((f) => f.direction === "out" && f.message && "method" in f.message && f.message.method === "tools/call").slice(1);
    retries.forEach((frame, i) => {
      expect(paramsOf(frame.message as never).requestState).toBe(tokens[i]);
      expect(frame.raw).toContain(`"requestState":${JSON.stringify(tokens[i])}`);
    });
  });

  it("a retry after a round without requestState has no requestState key at all", async () => {
    const p = await openPair({ transport, handlers: demoHandlers(), step: async (draft) => ({ action: "send", draft }) });
    await p.client.callTool("greet");
    const retry = messages(p.events, "out", "tools/call")[1] ?? {};
    expect(Object.keys(paramsOf(retry)).sort()).toEqual(["_meta", "arguments", "inputResponses", "name"]);
    expect("requestState" in (p.ofType("retryHeld")[0]?.draft ?? {})).toBe(false);
    expect(p.ofType("roundStarted")[0]).toMatchObject({ requestState: undefined, decodedState: undefined });
  });

  it("an unrelated call made while a round is being answered carries neither inputResponses nor requestState", async () => {
    const gate = deferred();
    const entered = deferred();
    const handlers = demoHandlers();
    const p = await openPair({
      transport,
      handlers: {
        ...handlers,
        "elicitation/create": async (params, ctx) => {
          if (params.message === "Color?") {
            entered.resolve();
            await gate.promise;
          }
          return handlers["elicitation/create"](params, ctx);
        },
      },
    });
    const held = p.client.callTool("two-steps");
    await entered.promise;
    expect(text(await p.client.callTool("echo", { message: "between" }))).toBe("between");
    expect(text(await p.client.readResource("demo://readme"))).toContain("presa demo server");
    gate.resolve();
    expect(text(await held)).toBe("Ada likes blue");
    const out = messages(p.events, "out").filter((m) => m.id !== undefined);
    expect(out.map((m) => `${String(m.method)}:${paramsOf(m).name ?? paramsOf(m).uri}`)).toEqual([
      "server/discover:undefined",
      "tools/call:two-steps",
      "tools/call:two-steps",
      "tools/call:echo",
      "resources/read:demo://readme",
      "tools/call:two-steps",
    ]);
    for (const unrelated of [out[3], out[4]]) {
      expect(paramsOf(unrelated ?? {})).not.toHaveProperty("inputResponses");
      expect(paramsOf(unrelated ?? {})).not.toHaveProperty("requestState");
    }
    expectFramesValid(p.events, MODERN);
  });

  it("two calls of the same tool at once keep their own answers and tokens", async () => {
    const handlers = demoHandlers();
    const p = await openPair({
      transport,
      handlers: {
        ...handlers,
        "elicitation/create": async (params, ctx) => (params.message === "Name?" ? { action: "accept", content: { name: `Ada of ${ctx.callId}` } } : handlers["elicitation/create"](params, ctx)),
      },
    });
    const [a, b] = await Promise.all([p.client.callTool("two-steps"), p.client.callTool("two-steps")]);
    const [first, second] = p.ofType("callStarted").map((e) => e.callId);
    expect(text(a)).toBe(`Ada of ${first} likes blue`);
    expect(text(b)).toBe(`Ada of ${second} likes blue`);
  });
});

describe("requestState echo against a stub server", () => {
  it("an opaque token with spaces, escapes and non-ASCII is echoed as the exact same string", async () => {
    const token = '{"b": 1,  "a":[ "\u00fc", "\u2028", "\\"q\\"" ] }  ';
    const stub = stubPair((request) => {
      if (request.method === "server/discover") return STUB_DISCOVER;
      const params = request.params ?? {};
      if (params.inputResponses === undefined) return { resultType: "input_required", inputRequests: { confirm: elicit("Sure?") }, requestState: token };
      return { resultType: "complete", content: [{ type: "text", text: params.requestState === token ? "state-ok" : "state-changed" }] };
    }, { handlers: demoHandlers() });
    await stub.connect();
    expect(text(await stub.client.callTool("test_mrtr_echo_state"))).toBe("state-ok");
    const [first, retry] = stub.requests.filter((r) => r.method === "tools/call");
    expect(retry?.params?.requestState).toBe(token);
    expect(retry?.id).not.toBe(first?.id);
    expect(stub.events.find((e) => e.type === "roundStarted")).toMatchObject({ requestState: token, decodedState: { kind: "json", encoding: "text" } });
    await stub.close();
  });

  it("a state-only round (no inputRequests) is retried at once with the token and no inputResponses", async () => {
    let calls = 0;
    const stub = stubPair((request) => {
      if (request.method === "server/discover") return STUB_DISCOVER;
      calls++;
      return calls === 1 ? { resultType: "input_required", requestState: "shed-1" } : { resultType: "complete", content: [{ type: "text", text: "later" }] };
    });
    await stub.connect();
    expect(text(await stub.client.callTool("load-shed"))).toBe("later");
    const retry = stub.requests.filter((r) => r.method === "tools/call")[1];
    expect(retry?.params?.requestState).toBe("shed-1");
    expect(retry?.params).not.toHaveProperty("inputResponses");
    await stub.close();
  });
});

describe.each(TRANSPORTS)("the round cap over %s", (transport) => {
  it("never-done stops after the default 10 rounds on 2026-07-28 with kind tooManyRounds", async () => {
    const p = await openPair({ transport, handlers: demoHandlers() });
    const error = await caught<McpError>(p.client.callTool("never-done"));
    expect(error.kind).toBe("tooManyRounds");
    expect(error.message).toBe("tools/call asked for input 11 times; the cap is 10 rounds");
    expect(error.reason).toEqual({ type: "roundCap", rounds: 11, maxRounds: 10 });
    expect(error.data).toBeUndefined();
    expect(messages(p.events, "out", "tools/call")).toHaveLength(11);
    expect(p.ofType("roundStarted")).toHaveLength(10);
    expect(p.ofType("callFinished")[0]?.error?.kind).toBe("tooManyRounds");
  });

  describe.each(WITH_ELICITATION.filter((r) => r !== MODERN))("on %s", (revision) => {
    it("never-done stops after 10 rounds: the client cancels the call, and the session goes on", async () => {
      const p = await openPair({ transport, versions: [revision], handlers: demoHandlers() });
      const error = await caught<McpError>(p.client.callTool("never-done"));
      expect(error.kind).toBe("tooManyRounds");
      expect(error.message).toBe("tools/call asked for input 11 times; the cap is 10 rounds");
      expect(p.ofType("inputAnswered").filter((e) => !e.error)).toHaveLength(10);
      const call = messages(p.events, "out", "tools/call")[0];
      const cancels = messages(p.events, "out", "notifications/cancelled");
      expect(cancels.map((m) => paramsOf(m))).toEqual([{ requestId: call?.id, reason: error.message }]);
      expect(text(await p.client.callTool("greet"))).toBe("Hello, Ada!");
    });
  });

  describe.each([MODERN, "2025-11-25"])("maxRounds on %s", (revision) => {
    it("the connect option caps every call; a call's own option overrides it", async () => {
      const p = await openPair({ transport, versions: offerFor(revision), handlers: demoHandlers(), maxRounds: 3 });
      const capped = await caught<McpError>(p.client.callTool("never-done"));
      expect(capped.message).toBe("tools/call asked for input 4 times; the cap is 3 rounds");
      const tighter = await caught<McpError>(p.client.callTool("two-steps", {}, { maxRounds: 1 }));
      expect(tighter.kind).toBe("tooManyRounds");
      expect(tighter.reason).toEqual({ type: "roundCap", rounds: 2, maxRounds: 1 });
      expect(text(await p.client.callTool("two-steps", {}, { maxRounds: 2 }))).toBe("Ada likes blue");
    });
  });
});

describe("a handler that throws", () => {
  it.each([MODERN, "2025-11-25"])("fails the call on %s with the handler's error, and nothing more is sent for it", async (revision) => {
    const handlers: InputHandlers = { "elicitation/create": () => Promise.reject(new Error("the form crashed")) };
    const p = await openPair({ transport: "in-process", versions: offerFor(revision), handlers });
    const error = await caught<McpError>(p.client.callTool("greet"));
    expect(error.message).toBe("the form crashed");
    expect(messages(p.events, "out", "tools/call")).toHaveLength(1);
  });
});

describe.each(TRANSPORTS)("cancelling a call over %s", (transport) => {
  async function gated(revision: string) {
    const gate = deferred();
    const entered = deferred();
    const p = await openPair({
      transport,
      versions: offerFor(revision),
      handlers: { "elicitation/create": async () => (entered.resolve(), await gate.promise, { action: "accept" as const, content: { name: "late" } }) },
    });
    return { p, gate, entered };
  }

  it("on 2025-11-25 an aborted call tells the server once with notifications/cancelled, and the tool never completes", async () => {
    const { p, gate, entered } = await gated("2025-11-25");
    const abort = new AbortController();
    const call = p.client.callTool("greet", {}, { signal: abort.signal });
    await entered.promise;
    abort.abort();
    const error = await caught<McpError>(call);
    expect(error.kind).toBe("cancelled");
    gate.resolve();
    const id = messages(p.events, "out", "tools/call")[0]?.id;
    expect(messages(p.events, "out", "notifications/cancelled").map((m) => paramsOf(m))).toEqual([{ requestId: id, reason: "tools/call was cancelled by the client" }]);
    expect(text(await p.client.callTool("echo", { message: "next" }))).toBe("next");
    expect(p.frames().some((f) => f.raw.includes("Hello, late!"))).toBe(false);
  });

  it("on 2026-07-28 an aborted call sends no retry", async () => {
    const { p, gate, entered } = await gated(MODERN);
    const abort = new AbortController();
    const call = p.client.callTool("greet", {}, { signal: abort.signal });
    await entered.promise;
    abort.abort();
    expect((await caught<McpError>(call)).kind).toBe("cancelled");
    gate.resolve();
    expect(text(await p.client.callTool("echo", { message: "next" }))).toBe("next");
    expect(messages(p.events, "out", "tools/call").map((m) => paramsOf(m).name)).toEqual(["greet", "echo"]);
  });

  it("a call aborted before it starts is cancelled without a request", async () => {
    const { p } = await gated(MODERN);
    const error = await caught<McpError>(p.client.callTool("greet", {}, { signal: AbortSignal.abort() }));
    expect(error.kind).toBe("cancelled");
    expect(messages(p.events, "out", "tools/call")).toHaveLength(0);
  });

  it("on 2025-11-25 two calls at once get their own live requests and answers", async () => {
    const handlers = demoHandlers();
    const p = await openPair({
      transport,
      versions: ["2025-11-25"],
      handlers: {
        ...handlers,
        "elicitation/create": async (params, ctx) => (params.message === "Name?" ? { action: "accept", content: { name: `Ada of ${ctx.callId}` } } : handlers["elicitation/create"](params, ctx)),
      },
    });
    const [a, b] = await Promise.all([p.client.callTool("two-steps"), p.client.callTool("two-steps")]);
    const [first, second] = p.ofType("callStarted").map((e) => e.callId);
    expect([text(a), text(b)]).toEqual([`Ada of ${first} likes blue`, `Ada of ${second} likes blue`]);
  });

  it("on 2025-11-25 the server's own round cap ends a handler that keeps asking with an isError result", async () => {
    const p = await openPair({ transport, versions: ["2025-11-25"], handlers: demoHandlers(), serverOptions: { maxLegacyRounds: 3 } });
    const result = await p.client.callTool("never-done");
    expect(result.isError).toBe(true);
    expect(text(result)).toBe("The server gave up after 3 rounds of input");
    expect(p.ofType("inputAnswered")).toHaveLength(3);
  });
});
