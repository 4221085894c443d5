import type { InputRequests } from "../../core/protocol";
import type { TaskRecord } from "./store";

/** The extension id of 2026-07-28 tasks (ext-tasks "Extension Identifier"). */
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";
/** `_meta` key tying a 2025-11-25 message to its task ("Related Task Metadata"). */
export const RELATED_TASK = "io.modelcontextprotocol/related-task";

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The questions a task waits on, by wire key (ext-tasks: every outstanding request, each poll). */
export function outstanding(task: TaskRecord): InputRequests {
  const out: InputRequests = {};
  for (const [key, p] of task.pending) out[key] = p.request;
  return out;
}

/** 2026-07-28 `Task` fields, flat (CreateTaskResult is `Result & Task`; no `requestState`). */
function modernTask(task: TaskRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {
    taskId: task.taskId,
    status: task.status,
    createdAt: iso(task.createdAt),
    lastUpdatedAt: iso(task.lastUpdatedAt),
    ttlMs: task.ttlMs,
    pollIntervalMs: task.pollIntervalMs,
  };
  if (task.statusMessage !== undefined) out.statusMessage = task.statusMessage;
  return out;
}

export function modernCreateTaskResult(task: TaskRecord): Record<string, unknown> {
  return { resultType: "task", ...modernTask(task) };
}

/** A `DetailedTask` for tasks/get: the status-specific field inlined (inputRequests, result or error). */
export function modernDetailedTask(task: TaskRecord): Record<string, unknown> {
  const out = modernTask(task);
  if (task.status === "input_required") out.inputRequests = outstanding(task);
  if (task.status === "completed" && task.result) out.result = task.result;
  if (task.status === "failed" && task.error) out.error = task.error;
  return out;
}

/** 2025-11-25 `Task`: `ttl` and `pollInterval` (no `Ms`), nothing inlined. */
export function legacyTask(task: TaskRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {
    taskId: task.taskId,
    status: task.status,
    createdAt: iso(task.createdAt),
    lastUpdatedAt: iso(task.lastUpdatedAt),
    ttl: task.ttlMs,
    pollInterval: task.pollIntervalMs,
  };
  if (task.statusMessage !== undefined) out.statusMessage = task.statusMessage;
  return out;
}
