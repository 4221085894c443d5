import type { Clock, Connection, Era, InputRequest, InputResponse, JsonRpcErrorObject, RequestId } from "../../core/protocol";
import { LazyAbort } from "../context";
import type { TaskMisbehaviour } from "../definitions";

/** Task statuses (2025-11-25 "Task Status"; ext-tasks "Task Status"): the same five in both eras. */
export type TaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";

export const TERMINAL: readonly TaskStatus[] = ["completed", "failed", "cancelled"];

export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL.includes(status);
}

/** One question a task is waiting on; `resolve` hands the answer to the task's handler. */
export interface PendingInput {
  request: InputRequest;
  resolve: (response: InputResponse) => void;
  /** Initialize era: sent to the client as a live request already (on some open tasks/result). */
  sent: boolean;
}

/** Everything the server keeps about one task; it lives in the server definition, not a session. */
export interface TaskRecord {
  readonly taskId: string;
  readonly era: Era;
  /** Tasks are bound to who made them (ext-tasks "Auth binding"); others are told it does not exist. */
  readonly caller: string;
  /** Initialize era: the session whose connection carries the task's live requests. */
  readonly connection: Connection | undefined;
  readonly createdAt: number;
  lastUpdatedAt: number;
  ttlMs: number | null;
  pollIntervalMs: number;
  status: TaskStatus;
  statusMessage: string | undefined;
  result: Record<string, unknown> | undefined;
  error: JsonRpcErrorObject | undefined;
  /** Outstanding questions by wire key; a key is never reused within a task (ext-tasks "Task Update Requests"). */
  readonly pending: Map<string, PendingInput>;
  readonly usedKeys: Set<string>;
  readonly abort: LazyAbort;
  /** Initialize era: the open `tasks/result` requests, which carry the task's questions on their streams. */
  readonly resultWaiters: Set<RequestId>;
  /** Resolves when the task reaches a terminal status. */
  readonly settled: Promise<void>;
  settle(): void;
  /** Called on every status change (initialize era: notifications/tasks/status). */
  onChange: (() => void) | undefined;
  /** Ends the task as a refusal (the client could not answer a live request). */
  refuse: ((message: string) => void) | undefined;
  expiryTimer: unknown;
  /** The hostile demo server's lies, if this task tells any; and how many tasks/get it answered. */
  readonly hostile: TaskMisbehaviour | undefined;
  polls: number;
}

/** Random, unguessable ids (ext-tasks "Task ID unguessability"): 128 bits from getRandomValues. */
function newTaskId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export interface NewTask {
  era: Era;
  caller: string;
  connection: Connection | undefined;
  ttlMs: number | null;
  pollIntervalMs: number;
  hostile?: TaskMisbehaviour;
}

export type Lookup = { ok: true; task: TaskRecord } | { ok: false; message: string };

/** Cap on live tasks per server, so a client that creates tasks in a loop cannot exhaust memory. */
export const MAX_TASKS = 1000;

/**
 * The server's tasks. A task outlives the request that made it (a 2026-07-28 HTTP POST gets a fresh
 * session each time), so the store belongs to the server definition. A task past its TTL is aborted
 * and forgotten, and then looks like any unknown id (-32602, "Task has expired" while we remember it).
 */
export class TaskStore {
  readonly #tasks = new Map<string, TaskRecord>();
  readonly #expired = new Map<string, number>();
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  get size(): number {
    return this.#tasks.size;
  }

  create(init: NewTask): TaskRecord {
    this.#sweep();
    if (this.#tasks.size >= MAX_TASKS) throw new Error(`too many tasks on this server (${MAX_TASKS}); wait for some to finish or expire`);
    const now = this.#clock.now();
    let settle: () => void = () => undefined;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const task: TaskRecord = {
      taskId: newTaskId(),
      era: init.era,
      caller: init.caller,
      connection: init.connection,
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs: init.ttlMs,
      pollIntervalMs: init.pollIntervalMs,
      status: "working",
      statusMessage: undefined,
      result: undefined,
      error: undefined,
      pending: new Map(),
      usedKeys: new Set(),
      abort: new LazyAbort(),
      resultWaiters: new Set(),
      settled,
      settle,
      onChange: undefined,
      refuse: undefined,
      expiryTimer: undefined,
      hostile: init.hostile,
      polls: 0,
    };
    this.#tasks.set(task.taskId, task);
    if (task.ttlMs !== null) {
      const timer = this.#clock.setTimeout(() => this.expire(task.taskId), task.ttlMs);
      // A pending expiry must not keep a Node process alive on its own.
      (timer as { unref?: () => void } | undefined)?.unref?.();
      task.expiryTimer = timer;
    }
    return task;
  }

  /** Finds a task for a caller (and, initialize era, for the session that made it). */
  find(taskId: unknown, caller: string, connection: Connection | undefined): Lookup {
    if (typeof taskId !== "string") return { ok: false, message: "Failed to retrieve task: taskId must be a string" };
    this.#sweep();
    const task = this.#tasks.get(taskId);
    if (!task || task.caller !== caller || (task.connection !== undefined && task.connection !== connection)) {
      const why = this.#expired.has(taskId) ? "Task has expired" : "Task not found";
      return { ok: false, message: `Failed to retrieve task: ${why}` };
    }
    return { ok: true, task };
  }

  /** Sets a status (a terminal one sticks: ext-tasks and 2025-11-25 "Task Status Lifecycle"). */
  update(task: TaskRecord, change: Partial<Pick<TaskRecord, "status" | "statusMessage" | "result" | "error">>): void {
    if (isTerminal(task.status)) return;
    if (change.status !== undefined) task.status = change.status;
    if ("statusMessage" in change) task.statusMessage = change.statusMessage;
    if (change.result !== undefined) task.result = change.result;
    if (change.error !== undefined) task.error = change.error;
    task.lastUpdatedAt = Math.max(this.#clock.now(), task.lastUpdatedAt);
    if (isTerminal(task.status)) {
      task.pending.clear();
      task.settle();
    }
    task.onChange?.();
  }

  /** Drops a task whose TTL is over: its work is aborted and later lookups say it expired. */
  expire(taskId: string): void {
    const task = this.#tasks.get(taskId);
    if (!task) return;
    this.#tasks.delete(taskId);
    this.#expired.set(taskId, this.#clock.now());
    if (!isTerminal(task.status)) {
      task.status = "failed";
      task.error = { code: -32603, message: "Task has expired" };
      task.settle();
    }
    task.abort.abort();
    this.#clock.clearTimeout(task.expiryTimer);
  }

  /** Every live task of one initialize-era session (tasks/list). */
  ofConnection(connection: Connection, caller: string): TaskRecord[] {
    this.#sweep();
    return [...this.#tasks.values()].filter((t) => t.connection === connection && t.caller === caller);
  }

  /** Expires what is past its TTL (timers may not have run) and forgets old expiry notes. */
  #sweep(): void {
    const now = this.#clock.now();
    for (const task of this.#tasks.values()) {
      if (task.ttlMs !== null && now >= task.createdAt + task.ttlMs) this.expire(task.taskId);
    }
    for (const [id, at] of this.#expired) if (now - at > 3_600_000 || this.#expired.size > 10 * MAX_TASKS) this.#expired.delete(id);
  }

  /** Aborts every task of a session that closed: nobody can poll or answer them any more. */
  dropConnection(connection: Connection): void {
    // Called as every stateless POST's session closes: nothing to copy or scan when there are no tasks.
    if (this.#tasks.size === 0) return;
    for (const task of [...this.#tasks.values()]) {
      if (task.connection === connection) {
        this.#tasks.delete(task.taskId);
        task.abort.abort();
        this.#clock.clearTimeout(task.expiryTimer);
        task.settle();
      }
    }
  }
}
