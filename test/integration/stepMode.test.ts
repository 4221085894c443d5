// Step mode and events: the hook sees each RetryDraft and may edit or abort it; every round
// is reported as events in order; every frame that crossed the transport is a frame event.
import { afterEach, describe, expect, it } from "vitest";
import { text, type RetryDraft, type StepDecision, type McpError, type ElicitResult } from "../../src/core";
import { elicit, inputRequired, inputResponse, server } from "../../src/server";
import { ALL_REVISIONS, MODERN, TRANSPORTS, caught, closePairs, demoHandlers, messages, offerFor, openPair, type Pair } from "../support/harness";

afterEach(closePairs);

/** The non-frame events of a pair, as "type:round:key" strings, in the order they happened. */
function timeline(p: Pair): string[] {
  return p.events.flatMap((e) => {
    switch (e.type) {
      case "frame":
      case "connected":
      case "revisionChanged":
        return [];
      case "inputRequested":
      case "inputAnswered":
        return [`${e.type}:${e.round}:${e.key}`];
      case "roundStarted":
      case "retryHeld":
      case "retrySent":
        return [`${e.type}:${e.round}`];
      case "callFinished":
        return [`${e.type}:${e.rounds}`];
      default:
        return [e.type];
    }
  });
}

const send = async (draft: RetryDraft): Promise<StepDecision> => ({ action: "send", draft });

describe.each(TRANSPORTS)("step mode over %s", (transport) => {
  it("on 2026-07-28 the hook gets every RetryDraft of two-steps, in order", async () => {
    const drafts: RetryDraft[] = [];
    const p = await openPair({ transport, handlers: demoHandlers(), step: async (d) => (drafts.push(structuredClone(d)), send(d)) });
    expect(text(await p.client.callTool("two-steps", { mood: "sunny" }))).toBe("Ada likes blue");
    const callId = p.ofType("callStarted")[0]?.callId;
    expect(drafts.map((d) => ({ ...d, requestState: d.requestState?.slice(0, 3) }))).toEqual([
      { era: "modern", callId, method: "tools/call", round: 1, params: { name: "two-steps", arguments: { mood: "sunny" } }, inputResponses: { name: { action: "accept", content: { name: "Ada" } } }, requestState: "p2." },
      { era: "modern", callId, method: "tools/call", round: 2, params: { name: "two-steps", arguments: { mood: "sunny" } }, inputResponses: { color: { action: "accept", content: { color: "blue" } } }, requestState: "p2." },
    ]);
    expect(p.ofType("retryHeld").map((e) => e.draft)).toEqual(p.ofType("retrySent").map((e) => e.draft));
    expect(p.ofType("retrySent").map((e) => e.edited)).toEqual([false, false]);
  });

  describe.each(["2025-11-25", "2025-06-18"])("on %s", (revision) => {
    it("the hook gets a draft for each live answer, keyed by the server's request id", async () => {
      const drafts: RetryDraft[] = [];
      const p = await openPair({ transport, versions: [revision], handlers: demoHandlers(), step: async (d) => (drafts.push(d), send(d)) });
      expect(text(await p.client.callTool("two-steps"))).toBe("Ada likes blue");
      const serverIds = messages(p.events, "in", "elicitation/create").map((m) => String(m.id));
      expect(drafts.map((d) => [d.era, d.round, Object.keys(d.inputResponses)])).toEqual([
        ["legacy", 1, [serverIds[0]]],
        ["legacy", 2, [serverIds[1]]],
      ]);
      expect(drafts.every((d) => !("requestState" in d))).toBe(true);
    });
  });

  describe.each([MODERN, "2025-11-25"])("editing and abandoning on %s", (revision) => {
    it("an edited answer is what the server gets", async () => {
      const p = await openPair({
        transport,
        versions: offerFor(revision),
        handlers: demoHandlers(),
        step: async (d) => {
          const edited = Object.fromEntries(
            Object.entries(d.inputResponses).map(([k, v]) => {
              const answer = v as ElicitResult;
              return [k, answer.content?.name ? { ...answer, content: { name: "Grace" } } : answer];
            }),
          );
          return { action: "send", draft: { ...d, inputResponses: edited } };
        },
      });
      expect(text(await p.client.callTool("two-steps"))).toBe("Grace likes blue");
      if (revision === MODERN) expect(p.ofType("retrySent").map((e) => e.edited)).toEqual([true, false]);
    });

    it("abort fails the call with kind cancelled and the hook's reason, and the client stays usable", async () => {
      const p = await openPair({ transport, versions: offerFor(revision), handlers: demoHandlers(), step: async () => ({ action: "abort", reason: "the tester walked away" }) });
      const error = await caught<McpError>(p.client.callTool("greet"));
      expect(error.kind).toBe("cancelled");
      expect(error.message).toBe("the tester walked away");
      expect(p.ofType("callFinished")[0]?.error?.kind).toBe("cancelled");
      if (revision === MODERN) {
        expect(messages(p.events, "out", "tools/call")).toHaveLength(1);
      } else {
        const call = messages(p.events, "out", "tools/call")[0];
        expect(messages(p.events, "out", "notifications/cancelled").map((m) => (m.params as { requestId: unknown }).requestId)).toEqual([call?.id]);
      }
      expect(text(await p.client.callTool("echo", { message: "still here" }, { step: send }))).toBe("still here");
    });

    it("a per-call step hook overrides the client's", async () => {
      let clientHook = 0;
      let callHook = 0;
      const p = await openPair({ transport, versions: offerFor(revision), handlers: demoHandlers(), step: async (d) => (clientHook++, send(d)) });
      await p.client.callTool("two-steps", {}, { step: async (d) => (callHook++, send(d)) });
      expect([clientHook, callHook]).toEqual([0, 2]);
    });
  });
});

describe.each(TRANSPORTS)("events over %s", (transport) => {
  it("two-steps on 2026-07-28 reports every round in order, with the decoded presa token", async () => {
    const p = await openPair({ transport, handlers: demoHandlers(), step: send });
    await p.client.callTool("two-steps");
    expect(timeline(p)).toEqual([
      "callStarted",
      "roundStarted:1",
      "inputRequested:1:name",
      "inputAnswered:1:name",
      "retryHeld:1",
      "retrySent:1",
      "roundStarted:2",
      "inputRequested:2:color",
      "inputAnswered:2:color",
      "retryHeld:2",
      "retrySent:2",
      "callFinished:2",
    ]);
    const callIds = new Set(p.events.flatMap((e) => ("callId" in e && e.type !== "notification" ? [e.callId] : [])));
    expect(callIds.size).toBe(1);
    const rounds = p.ofType("roundStarted");
    expect(rounds.map((r) => r.decodedState?.kind)).toEqual(["presa", "presa"]);
    expect(rounds.map((r) => (r.decodedState?.kind === "presa" ? [r.decodedState.payload.m, r.decodedState.payload.s] : undefined))).toEqual([
      ["tools/call", { step: 1 }],
      ["tools/call", { step: 2, name: "Ada" }],
    ]);
    expect(rounds[0]?.inputRequests.name?.method).toBe("elicitation/create");
    const finished = p.ofType("callFinished")[0];
    expect(text(finished?.result ?? {})).toBe("Ada likes blue");
    expect(finished?.error).toBeUndefined();
  });

  it("two-steps on 2025-11-25 reports the live requests as rounds", async () => {
    const p = await openPair({ transport, versions: ["2025-11-25"], handlers: demoHandlers(), step: send });
    await p.client.callTool("two-steps");
    const ids = messages(p.events, "in", "elicitation/create").map((m) => String(m.id));
    expect(timeline(p)).toEqual([
      "callStarted",
      "roundStarted:1",
      `inputRequested:1:${ids[0]}`,
      "retryHeld:1",
      `inputAnswered:1:${ids[0]}`,
      "roundStarted:2",
      `inputRequested:2:${ids[1]}`,
      "retryHeld:2",
      `inputAnswered:2:${ids[1]}`,
      "callFinished:2",
    ]);
    expect(p.ofType("roundStarted").map((r) => [r.era, r.serverRequestId])).toEqual([
      ["legacy", ids[0]],
      ["legacy", ids[1]],
    ]);
  });

  it.each([MODERN, "2025-11-25"])("on %s a call's progress notifications carry its callId", async (revision) => {
    const progressing = server({
      name: "progress",
      version: "1",
      tools: [{ name: "slow", handler: async (_args, ctx) => (await ctx.progress(1, 2, "half"), inputResponse(ctx, "go") ? "done" : inputRequired({ go: elicit("Go?", { type: "object", properties: {} }) })) }],
    });
    const p = await openPair({ transport, server: progressing, versions: offerFor(revision), handlers: demoHandlers() });
    expect(text(await p.client.callTool("slow", {}, { meta: { progressToken: "tok" } }))).toBe("done");
    const callId = p.ofType("callStarted")[0]?.callId;
    expect(p.ofType("notification").map((n) => [n.method, n.callId, n.params?.progressToken])).toEqual([
      ["notifications/progress", callId, "tok"],
      ["notifications/progress", callId, "tok"],
    ]);
  });

  describe.each(ALL_REVISIONS)("on %s", (revision) => {
    it("every message that crossed the transport is a frame event, in order, in both directions", async () => {
      const p = await openPair({ transport, versions: offerFor(revision), handlers: demoHandlers() });
      await p.client.listTools();
      await p.client.callTool("summarize", { text: "t" });
      await p.client.callTool("list-workspace");
      const out = p.frames().filter((f) => f.direction === "out").map((f) => f.message);
      const inbound = p.frames().filter((f) => f.direction === "in").map((f) => f.message);
      expect(out).toEqual(p.tap.sent);
      expect(inbound).toEqual(p.tap.received.flatMap((e) => (e.type === "message" ? [e.message] : [])));
      expect(out.length).toBeGreaterThanOrEqual(4);
      // Responses on both sides name what they answer (Frame.method), and raw is the exact wire text.
      for (const frame of p.frames()) {
        if (frame.message && !("method" in frame.message)) expect(frame.method).toMatch(/^[a-z]+\/[a-zA-Z/]+$|^initialize$/);
        expect(JSON.parse(frame.raw)).toEqual(frame.message);
      }
    });
  });
});
