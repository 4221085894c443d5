import { describe, expect, it } from "vitest";
import { manualClock } from "../../../test/support/kit";
import { TaskStore } from "./store";

const init = { era: "modern" as const, caller: "alice", connection: undefined, ttlMs: 1_000, pollIntervalMs: 100 };

describe("TaskStore", () => {
  it("finds a task only for the caller that made it, and says nothing more to others", () => {
    const store = new TaskStore(manualClock());
    const task = store.create(init);
    expect(task.taskId).toMatch(/^[0-9a-f]{32}$/);
    expect(store.find(task.taskId, "alice", undefined).ok).toBe(true);
    expect(store.find(task.taskId, "mallory", undefined)).toEqual({ ok: false, message: "Failed to retrieve task: Task not found" });
    expect(store.find(42, "alice", undefined)).toEqual({ ok: false, message: "Failed to retrieve task: taskId must be a string" });
  });

  it("expires a task at its TTL: the work is aborted and later lookups say it expired", () => {
    const clock = manualClock();
    const store = new TaskStore(clock);
    const task = store.create(init);
    clock.advance(999);
    expect(store.find(task.taskId, "alice", undefined).ok).toBe(true);
    clock.advance(1);
    expect(task.abort.signal.aborted).toBe(true);
    expect(store.find(task.taskId, "alice", undefined)).toEqual({ ok: false, message: "Failed to retrieve task: Task has expired" });
    expect(store.size).toBe(0);
  });

  it("keeps a terminal status: nothing changes a finished task", () => {
    const store = new TaskStore(manualClock());
    const task = store.create({ ...init, ttlMs: null });
    store.update(task, { status: "cancelled" });
    store.update(task, { status: "completed", result: { content: [] } });
    expect(task.status).toBe("cancelled");
    expect(task.result).toBeUndefined();
  });

  it("drops an initialize-era session's tasks when the session closes", () => {
    const store = new TaskStore(manualClock());
    const connection = {} as never;
    const task = store.create({ ...init, era: "legacy", connection });
    expect(store.find(task.taskId, "alice", undefined).ok).toBe(false);
    expect(store.ofConnection(connection, "alice")).toHaveLength(1);
    store.dropConnection(connection);
    expect(task.abort.signal.aborted).toBe(true);
    expect(store.size).toBe(0);
  });
});
