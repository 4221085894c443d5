// The call as an object: client.startCall returns a handle with a page-unique id, the call's own
// events, an outcome that never rejects, and cancel(); callTool & co. are thin wrappers over it.
import { afterEach, describe, expect, it } from "vitest";
import type { ClientEvent, InputContext } from "../../src/core";
import { server } from "../../src/server";
import { LEGACY, MODERN, TRANSPORTS, closePairs, deferred, demoHandlers, openPair } from "../support/harness";

afterEach(closePairs);

const ERAS = [
  ["2026-07-28", [MODERN]],
  ["2025-11-25", [LEGACY[0]]],
] as const;

describe.each(TRANSPORTS)("call handles over %s", (transport) => {
  it("two clients (a reconnect) never reuse a call id", async () => {
    const first = await openPair({ transport, handlers: demoHandlers() });
    const a = first.client.startCall("tools/call", { name: "echo", arguments: { message: "one" } });
    await a.outcome;
    await first.close();
    const second = await openPair({ transport, handlers: demoHandlers() });
    const b = second.client.startCall("tools/call", { name: "echo", arguments: { message: "two" } });
    const c = second.client.startCall("tools/call", { name: "echo", arguments: { message: "three" } });
    await Promise.all([b.outcome, c.outcome]);
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    const started = [...first.ofType("callStarted"), ...second.ofType("callStarted")].map((e) => e.callId);
    expect(started).toEqual([a.id, b.id, c.id]);
  });

  it.each(ERAS)("on %s the handle sees only its own call, callStarted first and callFinished last", async (_name, versions) => {
    const p = await openPair({ transport, versions, handlers: demoHandlers() });
    const mine = p.client.startCall("tools/call", { name: "two-steps", arguments: {} });
    // callStarted is emitted synchronously: the client's listeners have it before startCall returns.
    expect(p.ofType("callStarted").at(-1)?.callId).toBe(mine.id);
    const other = p.client.startCall("tools/call", { name: "echo", arguments: { message: "x" } });
    const seen: ClientEvent[] = [];
    mine.subscribe((e) => seen.push(e));
    const outcome = await mine.outcome;
    await other.outcome;
    expect(outcome.ok).toBe(true);
    expect(seen[0]?.type).toBe("callStarted");
    expect(seen.at(-1)?.type).toBe("callFinished");
    expect(seen.every((e) => "callId" in e && e.callId === mine.id)).toBe(true);
    expect(seen.filter((e) => e.type === "roundStarted")).toHaveLength(2);
    const fromClient = p.events.filter((e) => "callId" in e && e.callId === mine.id);
    expect(seen).toEqual(fromClient);
  });

  it("the outcome carries the error instead of rejecting; callTool rejects with the same error", async () => {
    const p = await openPair({ transport, handlers: demoHandlers(), maxRounds: 2 });
    const handle = p.client.startCall("tools/call", { name: "never-done", arguments: {} });
    const outcome = await handle.outcome;
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.kind).toBe("tooManyRounds");
    await expect(p.client.callTool("never-done")).rejects.toMatchObject({ kind: "tooManyRounds" });
  });

  it.each(ERAS)("on %s cancel() ends a call waiting on a person, as cancelled", async (_name, versions) => {
    const asked = deferred();
    const handlers = { ...demoHandlers(), "elicitation/create": () => (asked.resolve(), new Promise<never>(() => undefined)) };
    const p = await openPair({ transport, versions, handlers });
    const handle = p.client.startCall("tools/call", { name: "two-steps", arguments: {} });
    await asked.promise;
    handle.cancel("the user closed the form");
    const outcome = await handle.outcome;
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.kind).toBe("cancelled");
    expect(p.ofType("callFinished").at(-1)).toMatchObject({ callId: handle.id, error: { kind: "cancelled" } });
    handle.cancel();
  });

  it.each(ERAS)("on %s cancel() ends a call whose request the server has not answered, as cancelled", async (_name, versions) => {
    const started = deferred();
    const hang = { name: "hang", description: "Never answers", handler: () => (started.resolve(), new Promise<never>(() => undefined)) };
    const p = await openPair({ transport, versions, handlers: demoHandlers(), server: server({ name: "hang", version: "1.0.0", tools: [hang] }) });
    const handle = p.client.startCall("tools/call", { name: "hang", arguments: {} });
    await started.promise;
    handle.cancel("the user gave up");
    const outcome = await handle.outcome;
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.kind).toBe("cancelled");
  });

  it.each(ERAS)("on %s the caller's signal cancels too, and a handler's signal aborts while its question is open", async (_name, versions) => {
    const asked = deferred<InputContext>();
    const handlers = { ...demoHandlers(), "elicitation/create": (_params: unknown, ctx: InputContext) => (asked.resolve(ctx), new Promise<never>(() => undefined)) };
    const p = await openPair({ transport, versions, handlers });
    const caller = new AbortController();
    const handle = p.client.startCall("tools/call", { name: "two-steps", arguments: {} }, { signal: caller.signal });
    const ctx = await asked.promise;
    const signal = ctx.signal;
    expect(signal.aborted).toBe(false);
    caller.abort("stop");
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe("stop");
    const outcome = await handle.outcome;
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.kind).toBe("cancelled");
  });

  it("a call cancelled by a signal aborted before it starts sends nothing and ends cancelled", async () => {
    const p = await openPair({ transport, handlers: demoHandlers() });
    const sent = p.events.filter((e) => e.type === "frame").length;
    const outcome = await p.client.startCall("tools/call", { name: "echo", arguments: { message: "x" } }, { signal: AbortSignal.abort() }).outcome;
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.kind).toBe("cancelled");
    expect(p.events.filter((e) => e.type === "frame" && e.frame.direction === "out")).toHaveLength(
      p.events.slice(0, sent).filter((e) => e.type === "frame" && e.frame.direction === "out").length,
    );
  });
});
