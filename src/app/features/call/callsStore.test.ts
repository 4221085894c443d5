import { describe, expect, it } from "vitest";
import type { CallEvent } from "../../model";
import { createCallsStore } from "./callsStore";

const started = (callId: string, name: string, at: number): CallEvent => ({ type: "callStarted", callId, method: "tools/call", params: { name, arguments: {} }, at });
const finished = (callId: string, at: number): CallEvent => ({ type: "callFinished", callId, method: "tools/call", rounds: 1, at, ms: 1, result: { content: [] } });

describe("the calls store across connections", () => {
  it("keeps every call of the page with its connection, target and revision", () => {
    const calls = createCallsStore();
    calls.record(started("call-1", "greet", 1), 1, "2026-07-28");
    calls.record(finished("call-1", 2), 1, "2026-07-28");
    // A reconnect on another revision: the core's ids go on counting, so nothing is overwritten.
    calls.record(started("call-2", "two-steps", 3), 2, "2025-11-25");
    calls.record(finished("call-2", 4), 2, "2025-11-25");
    const s = calls.getState();
    expect(s.order).toEqual(["call-1", "call-2"]);
    expect(s.order.map((id) => s.calls[id]).map((c) => [c?.connectionId, c?.target, c?.revision, c?.status])).toEqual([
      [1, "greet", "2026-07-28", "done"],
      [2, "two-steps", "2025-11-25", "done"],
    ]);
  });
});
