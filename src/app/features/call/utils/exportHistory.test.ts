import { describe, expect, it } from "vitest";
import { McpError } from "../../../../core";
import { createCallsStore } from "../callsStore";
import { HISTORY_FORMAT, historyFileName, historyJson } from "./exportHistory";

const NOW = new Date("2026-07-28T10:15:00.000Z");

function started(callId: string, at = 1) {
  return { type: "callStarted" as const, callId, method: "tools/call", params: { name: "greet", arguments: {} }, at };
}

describe("history export", () => {
  it("writes the kept calls oldest first, with how many were dropped by the cap", () => {
    const calls = createCallsStore(2);
    for (const id of ["call-1", "call-2", "call-3"]) calls.record(started(id), 1, "2026-07-28");
    calls.record({ type: "callFinished", callId: "call-3", method: "tools/call", rounds: 0, at: 2, ms: 1, error: new McpError({ kind: "protocol", code: -32602, message: "bad token" }) }, 1, "2026-07-28");
    const doc = JSON.parse(historyJson(calls.getState(), NOW));
    expect(doc).toMatchObject({ format: HISTORY_FORMAT, exportedAt: "2026-07-28T10:15:00.000Z", kept: 2, dropped: 1, cap: 2 });
    expect(doc.calls.map((c: { callId: string }) => c.callId)).toEqual(["call-2", "call-3"]);
    expect(doc.calls[1].error).toMatchObject({ kind: "protocol", code: -32602, message: "bad token" });
    expect(doc.calls[1].status).toBe("failed");
  });

  it("names the file by its time, without colons", () => {
    expect(historyFileName(NOW)).toBe("presa-history-2026-07-28T10-15-00.json");
  });

  it("keeps a 1,000-call session at the cap and counts what left", () => {
    const calls = createCallsStore();
    for (let i = 1; i <= 1000; i++) calls.record(started(`call-${i}`, i), 1, "2026-07-28");
    const state = calls.getState();
    expect(state.order).toHaveLength(500);
    expect(Object.keys(state.calls)).toHaveLength(500);
    expect(state.dropped).toBe(500);
    expect(state.order[0]).toBe("call-501");
  });
});
