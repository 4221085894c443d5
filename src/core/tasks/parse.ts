import { McpError } from "../errors";
import type { Era } from "../protocol/revisions";
import { isObject } from "../util/isObject";
import { TASK_DEFAULTS, TASK_STATUSES, isTerminalStatus, type TaskOptions, type TaskSnapshot, type TaskStatus } from "../protocol/tasks";

const MAX_ID = 256;
const MAX_MESSAGE = 2_000;

function bad(message: string, taskId?: string): McpError {
  return new McpError({ kind: "protocol", message, reason: taskId === undefined ? { type: "badTask" } : { type: "badTask", taskId } });
}

function shown(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

function duration(value: unknown, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) throw bad(`the task's ${what} is ${shown(value)}, not a number of milliseconds`);
  return value;
}

/**
 * Reads a Task from the server (untrusted): a 2026-07-28 task is flat with `ttlMs`/`pollIntervalMs`,
 * a 2025-11-25 one says `ttl`/`pollInterval` (schemas: ext-tasks `Task`, 2025-11-25 `Task`).
 */
export function readTask(value: unknown, era: Era): TaskSnapshot {
  if (!isObject(value)) throw bad(`the server sent a task that is ${shown(value)}, not an object`);
  const { taskId, status, statusMessage, createdAt, lastUpdatedAt } = value;
  if (typeof taskId !== "string" || taskId === "" || taskId.length > MAX_ID) throw bad(`the task's id is ${shown(taskId)}, not a string of 1 to ${MAX_ID} characters`);
  if (!TASK_STATUSES.includes(status as TaskStatus)) {
    throw bad(`the server reported an unknown task status ${shown(status)} (known: ${TASK_STATUSES.join(", ")})`, taskId);
  }
  const ttlRaw = era === "modern" ? value.ttlMs : value.ttl;
  const ttlMs = ttlRaw === null || ttlRaw === undefined ? null : (duration(ttlRaw, era === "modern" ? "ttlMs" : "ttl") as number);
  return {
    taskId,
    status: status as TaskStatus,
    statusMessage: typeof statusMessage === "string" ? statusMessage.slice(0, MAX_MESSAGE) : undefined,
    createdAt: typeof createdAt === "string" ? createdAt.slice(0, 64) : "",
    lastUpdatedAt: typeof lastUpdatedAt === "string" ? lastUpdatedAt.slice(0, 64) : "",
    ttlMs,
    pollIntervalMs: duration(era === "modern" ? value.pollIntervalMs : value.pollInterval, era === "modern" ? "pollIntervalMs" : "pollInterval"),
  };
}

/** The task a call turned into: flat on 2026-07-28 (`resultType: "task"`), under `task` on 2025-11-25. */
export function readCreateTaskResult(result: Record<string, unknown>, era: Era): TaskSnapshot {
  return era === "modern" ? readTask(result, era) : readTask(result.task, era);
}

/** A 2025-11-25 tools/call answered with a task: `{task}` and no content. */
export function isLegacyCreateTaskResult(result: Record<string, unknown>): boolean {
  return isObject(result.task) && !Array.isArray(result.content);
}

/**
 * Why a newer view of the task cannot follow the older one, or undefined when it can. A terminal
 * status is final in both eras ("Task Status Lifecycle"), and a poll answers for the task it named.
 */
export function checkTransition(prev: TaskSnapshot, next: TaskSnapshot): string | undefined {
  if (next.taskId !== prev.taskId) return `tasks/get for task ${shown(prev.taskId)} was answered for task ${shown(next.taskId)}`;
  if (isTerminalStatus(prev.status) && next.status !== prev.status) {
    return `the task's status went back from ${prev.status} to ${next.status}; a finished task cannot change`;
  }
  return undefined;
}

/** The wait before the next poll: the server's interval, kept between the client's floor and ceiling. */
export function effectivePollMs(serverMs: number | undefined, options: TaskOptions = {}): number {
  const floor = Math.max(10, options.minPollIntervalMs ?? TASK_DEFAULTS.minPollIntervalMs);
  const ceiling = Math.max(floor, options.maxPollIntervalMs ?? TASK_DEFAULTS.maxPollIntervalMs);
  const wanted = serverMs ?? options.defaultPollIntervalMs ?? TASK_DEFAULTS.defaultPollIntervalMs;
  return Math.min(ceiling, Math.max(floor, wanted));
}
