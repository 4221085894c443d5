import { describe, expect, it } from "vitest";
import type { CallRecord } from "../../../core/recording";
import { clientTasksOf, servedText } from "./clientTaskView";

const at = (n: number) => 1_000 + n;

function call(events: unknown[]): CallRecord {
  return { callId: "call-1", connectionId: 1, method: "tools/call", target: "greet", params: {}, revision: "2025-11-25", status: "done", startedAt: 0, events: events as CallRecord["events"] };
}

const ev = (taskId: string, step: string, status: string, n: number) => ({ type: "clientTask", callId: "call-1", taskId, method: "elicitation/create", step, status, statusMessage: undefined, at: at(n) });

describe("clientTasksOf", () => {
  it("folds a call's clientTask events into one view per task: status now, requests served, when it ended", () => {
    const views = clientTasksOf(
      call([
        { type: "callStarted", callId: "call-1", method: "tools/call", params: {}, at: 0 },
        ev("a", "created", "working", 0),
        ev("a", "tasks/get", "working", 1),
        ev("b", "created", "working", 2),
        ev("a", "tasks/get", "working", 3),
        ev("a", "status", "completed", 4),
        ev("a", "tasks/result", "completed", 5),
      ]),
    );
    expect(views.map((v) => [v.taskId, v.status, servedText(v.served), v.endedAt])).toEqual([
      ["a", "completed", "tasks/get ×2, tasks/result ×1", at(4)],
      ["b", "working", "not polled yet", undefined],
    ]);
    expect(clientTasksOf(call([]))).toEqual([]);
  });
});
