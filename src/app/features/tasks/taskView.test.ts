import { describe, expect, it } from "vitest";
import { McpError, type TaskSnapshot } from "../../../core";
import type { CallEvent, CallRecord } from "../../../core/recording";
import { answerTravel, pollTiming, sinceCreated, taskOf, taskRequests, taskTravelOf } from "./taskView";

const snap = (status: TaskSnapshot["status"], statusMessage?: string): TaskSnapshot => ({
  taskId: "t-1",
  status,
  statusMessage,
  createdAt: "2026-07-28T10:00:00Z",
  lastUpdatedAt: "2026-07-28T10:00:00Z",
  ttlMs: 60_000,
  pollIntervalMs: 0,
});

function record(events: CallEvent[]): CallRecord {
  return { callId: "call-1", connectionId: 1, method: "tools/call", target: "deploy", params: {}, revision: "2026-07-28", status: "running", startedAt: 0, events };
}

const started: CallEvent = { type: "callStarted", callId: "call-1", method: "tools/call", params: { name: "deploy" }, at: 0 };

describe("taskOf", () => {
  it("is undefined for an ordinary call", () => {
    expect(taskOf(record([started]))).toBeUndefined();
    expect(taskTravelOf(record([started]))).toBeUndefined();
  });

  it("reads the status over time, the polls, the answers, the cancel and the end", () => {
    const error = new McpError({ kind: "cancelled", message: "the task was cancelled: cancelled by the user" });
    const events: CallEvent[] = [
      started,
      { type: "taskCreated", callId: "call-1", era: "modern", task: snap("working"), at: 100 },
      { type: "taskStatus", callId: "call-1", taskId: "t-1", from: undefined, task: snap("working"), at: 100 },
      { type: "taskPolled", callId: "call-1", taskId: "t-1", poll: 1, status: "working", ms: 4, serverPollIntervalMs: 0, nextPollInMs: 100, at: 204 },
      { type: "taskStatus", callId: "call-1", taskId: "t-1", from: "working", task: snap("input_required", "Go live?"), at: 310 },
      { type: "taskPolled", callId: "call-1", taskId: "t-1", poll: 2, status: "input_required", ms: 6, serverPollIntervalMs: 0, nextPollInMs: 100, at: 316 },
      { type: "taskInputSent", callId: "call-1", taskId: "t-1", keys: ["golive"], travel: "tasks/update", requestId: "c9", at: 1500 },
      { type: "taskCancelRequested", callId: "call-1", taskId: "t-1", reason: "cancelled by the user", at: 1600 },
      { type: "taskFinished", callId: "call-1", taskId: "t-1", status: "input_required", polls: 2, ms: 1500, error, at: 1600 },
    ];
    const task = taskOf(record(events));
    expect(task).toMatchObject({ taskId: "t-1", era: "modern", status: "input_required", statusMessage: "Go live?", ttlMs: 60_000 });
    expect(task?.timeline.map((s) => s.status)).toEqual(["working", "input_required"]);
    expect(task?.polls.map((p) => p.poll)).toEqual([1, 2]);
    expect(task?.answers).toEqual([{ keys: ["golive"], travel: "tasks/update", requestId: "c9", at: 1500 }]);
    expect(task?.finished?.error).toBe(error);
    expect(taskRequests(task!).map((l) => [l.method, l.count])).toEqual([
      ["tasks/get", 2],
      ["tasks/update", 1],
      ["tasks/cancel", 1],
    ]);
    expect(pollTiming(task!.polls)).toBe("2 polls; next in 100 ms (the server asked 0 ms); round trip 5 ms on average");
    expect(taskTravelOf(record(events))).toBe("tasks/update");
  });

  it("a 2025-11-25 task answers on tasks/result", () => {
    const events: CallEvent[] = [started, { type: "taskCreated", callId: "call-1", era: "legacy", task: snap("working"), at: 0 }];
    const task = taskOf(record(events));
    expect(taskTravelOf(record(events))).toBe("live request");
    expect(taskRequests(task!).map((l) => l.method)).toEqual(["tasks/get", "tasks/result"]);
    expect(answerTravel("legacy")).toBe("live request");
    expect(pollTiming([])).toBe("not polled yet");
  });

  it("times from the task's creation", () => {
    expect(sinceCreated(1340, 1000)).toBe("+340 ms");
    expect(sinceCreated(3400, 1000)).toBe("+2.4 s");
  });
});
