// The input builders (elicit, elicitUrl, sample, roots) through the demo tools, and what a
// handler sees of the answers (inputResponse, ctx.inputResponses, ctx.state), in both eras and over
// both transports. Every test also validates every frame against the negotiated revision's schema.
import { afterEach, describe, expect, it } from "vitest";
import { text, type JsonValue } from "../../src/core";
import { elicit, inputRequired, inputResponse, roots, sample, server, type HandlerContext } from "../../src/server";
import {
  ALL_REVISIONS,
  MODERN,
  ROOTS,
  TRANSPORTS,
  WITH_ELICITATION,
  WITH_URL_ELICITATION,
  closePairs,
  demoHandlers,
  expectFramesValid,
  messages,
  offerFor,
  openPair,
  paramsOf,
} from "../support/harness";

afterEach(closePairs);

describe.each(TRANSPORTS)("input builders through the demo tools, %s", (transport) => {
  describe.each(WITH_ELICITATION)("elicit (form) on %s", (revision) => {
    it("greet asks once and greets the name given", async () => {
      const p = await openPair({ transport, versions: offerFor(revision), handlers: demoHandlers() });
      expect(p.client.revision).toBe(revision);
      expect(text(await p.client.callTool("greet"))).toBe("Hello, Ada!");
      const asked = p.ofType("inputRequested");
      expect(asked).toHaveLength(1);
      expect(asked[0]?.request.method).toBe("elicitation/create");
      expect(expectFramesValid(p.events, revision)).toBeGreaterThan(4);
    });

    it("two-steps asks twice, carrying the name in its state", async () => {
      const p = await openPair({ transport, versions: offerFor(revision), handlers: demoHandlers() });
      expect(text(await p.client.callTool("two-steps"))).toBe("Ada likes blue");
      expect(p.ofType("roundStarted").map((r) => r.round)).toEqual([1, 2]);
      expectFramesValid(p.events, revision);
    });

    it("a declined form is the tool's own isError result", async () => {
      const p = await openPair({ transport, versions: offerFor(revision), handlers: { ...demoHandlers(), "elicitation/create": () => ({ action: "decline" }) } });
      const result = await p.client.callTool("greet");
      expect(result.isError).toBe(true);
      expect(text(result)).toBe("No name given");
      expectFramesValid(p.events, revision);
    });
  });

  describe.each(WITH_URL_ELICITATION)("elicitUrl on %s", (revision) => {
    it("connect-account sends a URL elicitation and completes after consent", async () => {
      const seen: unknown[] = [];
      const handlers = demoHandlers();
      const p = await openPair({
        transport,
        versions: offerFor(revision),
        handlers: { ...handlers, "elicitation/create": (params, ctx) => (seen.push(params), handlers["elicitation/create"](params, ctx)) },
      });
      expect(text(await p.client.callTool("connect-account"))).toMatch(/^Account linked \(sign-in [a-z0-9]+ opened by the user\)\.$/);
      expect(seen).toHaveLength(1);
      const params = seen[0] as Record<string, unknown>;
      expect(params.mode).toBe("url");
      expect(String(params.url)).toMatch(/^https:\/\/auth\.example\.com\/authorize\?/);
      // 2025-11-25 correlates URL elicitations with an elicitationId; 2026-07-28 removed it.
      if (revision === MODERN) expect(params).not.toHaveProperty("elicitationId");
      else expect(typeof params.elicitationId).toBe("string");
      expectFramesValid(p.events, revision);
    });
  });

  it("URL elicitation does not exist on 2025-06-18: the server refuses to ask and says why", async () => {
    const p = await openPair({ transport, versions: ["2025-06-18"], handlers: demoHandlers() });
    const result = await p.client.callTool("connect-account");
    expect(result.isError).toBe(true);
    expect(text(result)).toContain("elicitation (url mode)");
    expect(p.ofType("inputRequested")).toHaveLength(0);
    expectFramesValid(p.events, "2025-06-18");
  });

  describe.each(ALL_REVISIONS)("sample and roots on %s", (revision) => {
    it("summarize asks the client's model with the builder's params", async () => {
      const asked: unknown[] = [];
      const handlers = demoHandlers();
      const p = await openPair({
        transport,
        versions: offerFor(revision),
        handlers: { ...handlers, "sampling/createMessage": (params, ctx) => (asked.push(params), handlers["sampling/createMessage"](params, ctx)) },
      });
      expect(text(await p.client.callTool("summarize", { text: "MCP lets servers ask." }))).toBe("Summary from test-model: A short summary.");
      expect(asked).toEqual([
        {
          messages: [{ role: "user", content: { type: "text", text: "Summarize in one sentence:\n\nMCP lets servers ask." } }],
          maxTokens: 120,
          systemPrompt: "You are a concise assistant.",
        },
      ]);
      expectFramesValid(p.events, revision);
    });

    it("list-workspace asks for the client's roots", async () => {
      const p = await openPair({ transport, versions: offerFor(revision), handlers: demoHandlers() });
      expect(text(await p.client.callTool("list-workspace"))).toBe("The client shares 1 root(s):\n- project (file:///work/project)");
      expect(p.ofType("inputAnswered").map((a) => a.response)).toEqual([ROOTS]);
      expectFramesValid(p.events, revision);
    });
  });

  describe.each(WITH_ELICITATION)("several inputs at once on %s", (revision) => {
    it("onboard asks for a form, roots and a sample, and uses all three", async () => {
      const p = await openPair({ transport, versions: offerFor(revision), handlers: demoHandlers() });
      expect(text(await p.client.callTool("onboard"))).toBe("Welcome aboard, Ada! A short summary. (1 root(s) shared)");
      const kinds = p.ofType("inputRequested").map((e) => e.request.method).sort();
      expect(kinds).toEqual(["elicitation/create", "roots/list", "sampling/createMessage"]);
      if (revision === MODERN) {
        // One round, three keys: the retry answers each key the server used.
        const rounds = p.ofType("roundStarted");
        expect(rounds).toHaveLength(1);
        expect(Object.keys(rounds[0]?.inputRequests ?? {}).sort()).toEqual(["profile", "roots", "welcome"]);
        const retry = messages(p.events, "out", "tools/call")[1];
        expect(Object.keys(paramsOf(retry ?? {}).inputResponses as object).sort()).toEqual(["profile", "roots", "welcome"]);
      }
      expectFramesValid(p.events, revision);
    });
  });

  // The survey uses 2025-11-25 form features (multi-select arrays); 2025-06-18's schema has no arrays.
  describe.each(WITH_URL_ELICITATION)("every form field kind on %s", (revision) => {
    it("survey returns the accepted content as structuredContent", async () => {
      const p = await openPair({ transport, versions: offerFor(revision), handlers: demoHandlers() });
      const result = await p.client.callTool("survey");
      expect(result.structuredContent).toEqual({ name: "Ada", editor: "vim", rating: 4, languages: ["TypeScript"] });
      const schema = (p.ofType("inputRequested")[0]?.request.params as { requestedSchema: { properties: Record<string, unknown> } }).requestedSchema;
      expect(Object.keys(schema.properties)).toContain("transports");
      expectFramesValid(p.events, revision);
    });
  });
});

// A handler that records what it sees on every invocation: the answers by key and its own state.
interface Seen {
  round: number;
  inputResponses: unknown;
  state: unknown;
  a: unknown;
  inherited: unknown;
}

function probeServer(seen: Seen[]) {
  let round = 0;
  return server({
    name: "probe",
    version: "1",
    tools: [
      {
        name: "probe",
        handler: (_args, ctx: HandlerContext) => {
          round++;
          seen.push({ round, inputResponses: structuredClone(ctx.inputResponses), state: structuredClone(ctx.state), a: inputResponse(ctx, "a"), inherited: inputResponse(ctx, "toString") });
          if (ctx.state === undefined) {
            const state: JsonValue = { step: 1, kept: ["x", 2, null], nested: { deep: true } };
            return inputRequired({ a: elicit("A?", { type: "object", properties: { v: { type: "string" } } }), b: roots() }, state);
          }
          if ((ctx.state as { step: number }).step === 1) return inputRequired({ c: sample("C?") }, { step: 2 });
          return `done after ${round} calls`;
        },
      },
    ],
  });
}

describe.each(TRANSPORTS)("what a handler sees of the answers, %s", (transport) => {
  describe.each([MODERN, "2025-11-25", "2025-06-18"])("on %s", (revision) => {
    it("inputResponse, ctx.inputResponses and ctx.state follow the rounds", async () => {
      const seen: Seen[] = [];
      const handlers = { ...demoHandlers(), "elicitation/create": () => ({ action: "accept" as const, content: { v: "yes" } }) };
      const p = await openPair({ transport, server: probeServer(seen), versions: offerFor(revision), handlers });
      expect(text(await p.client.callTool("probe"))).toBe("done after 3 calls");
      expect(seen.map((s) => s.round)).toEqual([1, 2, 3]);
      expect(seen[0]).toMatchObject({ inputResponses: {}, state: undefined, a: undefined, inherited: undefined });
      expect(seen[1]?.inputResponses).toEqual({ a: { action: "accept", content: { v: "yes" } }, b: ROOTS });
      expect(seen[1]?.a).toEqual({ action: "accept", content: { v: "yes" } });
      // A key the server never asked for is not an answer, not even one inherited from Object.prototype.
      expect(seen[1]?.inherited).toBeUndefined();
      expect(seen[1]?.state).toEqual({ step: 1, kept: ["x", 2, null], nested: { deep: true } });
      // Answers belong to one round: round 3 sees only the answer to round 2's question.
      expect(Object.keys(seen[2]?.inputResponses as object)).toEqual(["c"]);
      expect(seen[2]?.a).toBeUndefined();
      expect(seen[2]?.state).toEqual({ step: 2 });
      expectFramesValid(p.events, revision);
    });
  });
});

describe.each(TRANSPORTS)("partial answers on 2026-07-28, %s", (transport) => {
  it("a retry that answers only some keys of onboard is asked again for just the rest, then completes", async () => {
    const handlers = demoHandlers();
    let rootsAsked = 0;
    const p = await openPair({
      transport,
      handlers: { ...handlers, "roots/list": (params, ctx) => (rootsAsked++, handlers["roots/list"](params, ctx)) },
      step: async (draft) => {
        const inputResponses = { ...draft.inputResponses };
        if (draft.round === 1) delete inputResponses.roots;
        return { action: "send", draft: { ...draft, inputResponses } };
      },
    });
    expect(text(await p.client.callTool("onboard"))).toBe("Welcome aboard, Ada! A short summary. (1 root(s) shared)");
    const rounds = p.ofType("roundStarted");
    expect(rounds.map((r) => Object.keys(r.inputRequests).sort())).toEqual([["profile", "roots", "welcome"], ["roots"]]);
    expect(rootsAsked).toBe(2);
    const calls = messages(p.events, "out", "tools/call");
    expect(Object.keys(paramsOf(calls[1] ?? {}).inputResponses as object).sort()).toEqual(["profile", "welcome"]);
    expect(Object.keys(paramsOf(calls[2] ?? {}).inputResponses as object)).toEqual(["roots"]);
    expectFramesValid(p.events, MODERN);
  });

  it("a retry that answers nothing is asked the same questions again", async () => {
    const p = await openPair({
      transport,
      handlers: demoHandlers(),
      step: async (draft) => ({ action: "send", draft: draft.round === 1 ? { ...draft, inputResponses: {} } : draft }),
    });
    expect(text(await p.client.callTool("greet"))).toBe("Hello, Ada!");
    expect(p.ofType("roundStarted").map((r) => Object.keys(r.inputRequests))).toEqual([["who"], ["who"]]);
  });
});
