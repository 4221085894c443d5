import { describe, expect, it } from "vitest";
import type { McpError } from "../errors";
import { checkTransition, effectivePollMs, isLegacyCreateTaskResult, readCreateTaskResult, readTask } from "./parse";
import type { TaskSnapshot } from "../protocol/tasks";

const modern = { taskId: "t1", status: "working", createdAt: "2026-07-28T10:00:00Z", lastUpdatedAt: "2026-07-28T10:00:01Z", ttlMs: 60000, pollIntervalMs: 250 };
const legacy = { taskId: "t1", status: "working", createdAt: "2025-11-25T10:00:00Z", lastUpdatedAt: "2025-11-25T10:00:01Z", ttl: null, pollInterval: 1000 };

function thrown(run: () => unknown): McpError {
  try {
    run();
  } catch (e) {
    return e as McpError;
  }
  throw new Error("did not throw");
}

const snap = (status: TaskSnapshot["status"], taskId = "t1"): TaskSnapshot => ({
  taskId,
  status,
  statusMessage: undefined,
  createdAt: "",
  lastUpdatedAt: "",
  ttlMs: null,
  pollIntervalMs: undefined,
});

describe("readTask", () => {
  it("reads each era's words", () => {
    expect(readTask(modern, "modern")).toMatchObject({ taskId: "t1", status: "working", ttlMs: 60000, pollIntervalMs: 250 });
    expect(readTask(legacy, "legacy")).toMatchObject({ taskId: "t1", ttlMs: null, pollIntervalMs: 1000 });
    expect(readCreateTaskResult({ resultType: "task", ...modern }, "modern").taskId).toBe("t1");
    expect(readCreateTaskResult({ task: legacy }, "legacy").taskId).toBe("t1");
  });

  it.each([
    [{ ...modern, status: "paused" }, /unknown task status "paused" \(known: working, input_required, completed, failed, cancelled\)/],
    [{ ...modern, taskId: "" }, /task's id is "", not a string of 1 to 256 characters/],
    [{ ...modern, taskId: 7 }, /task's id is 7/],
    [{ ...modern, pollIntervalMs: -5 }, /pollIntervalMs is -5, not a number of milliseconds/],
    [{ ...modern, ttlMs: "soon" }, /ttlMs is "soon"/],
    ["<b>task</b>", /a task that is "<b>task<\/b>", not an object/],
  ])("refuses %j in words", (value, message) => {
    const error = thrown(() => readTask(value, "modern"));
    expect(error.kind).toBe("protocol");
    expect(error.message).toMatch(message);
  });

  it("cuts a long status message", () => {
    expect(readTask({ ...modern, statusMessage: "x".repeat(10_000) }, "modern").statusMessage).toHaveLength(2000);
  });

  it("tells a 2025-11-25 CreateTaskResult from a tool result", () => {
    expect(isLegacyCreateTaskResult({ task: legacy })).toBe(true);
    expect(isLegacyCreateTaskResult({ content: [], task: legacy })).toBe(false);
    expect(isLegacyCreateTaskResult({ content: [] })).toBe(false);
  });
});

describe("checkTransition", () => {
  it.each([
    ["working", "input_required", undefined],
    ["input_required", "working", undefined],
    ["working", "completed", undefined],
    ["completed", "completed", undefined],
    ["completed", "working", "the task's status went back from completed to working; a finished task cannot change"],
    ["cancelled", "input_required", "the task's status went back from cancelled to input_required; a finished task cannot change"],
    ["failed", "completed", "the task's status went back from failed to completed; a finished task cannot change"],
  ] as const)("%s → %s", (from, to, why) => {
    expect(checkTransition(snap(from), snap(to))).toBe(why);
  });

  it("a poll answered for another task is refused", () => {
    expect(checkTransition(snap("working"), snap("working", "t2"))).toBe('tasks/get for task "t1" was answered for task "t2"');
  });
});

describe("effectivePollMs", () => {
  it.each([
    [0, {}, 100],
    [undefined, {}, 1000],
    [250, {}, 250],
    [10_000_000, {}, 5000],
    [0, { minPollIntervalMs: 300 }, 300],
    [0, { minPollIntervalMs: 0 }, 10],
    [undefined, { defaultPollIntervalMs: 40, minPollIntervalMs: 20 }, 40],
    [9000, { maxPollIntervalMs: 2000 }, 2000],
  ])("server %j with %j waits %i ms", (server, options, wait) => {
    expect(effectivePollMs(server, options)).toBe(wait);
  });
});
