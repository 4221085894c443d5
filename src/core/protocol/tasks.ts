/** The tasks vocabulary both sides speak: the 2026-07-28 extension, 2025-11-25 tasks, and which requests a client runs as tasks. */
import type { McpError } from "../errors";
import type { RequestId } from "../jsonrpc/messages";
import type { Era } from "./revisions";
import type { ClientCapabilities } from "./types";
import { isObject } from "../util/isObject";

/** The 2026-07-28 tasks extension (ext-tasks "Extension Identifier"). */
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";
/** `_meta` key of 2025-11-25 messages made for a task ("Related Task Metadata"). */
export const RELATED_TASK = "io.modelcontextprotocol/related-task";

/** Whether the client takes tasks: the extension declared (2026-07-28), which also switches 2025-11-25 task calls on. */
export function tasksDeclared(caps: ClientCapabilities): boolean {
  return isObject(caps.extensions) && isObject(caps.extensions[TASKS_EXTENSION]);
}

/** ConnectOptions.tasks turned into the declared capabilities: the extension, on every request. */
export function withTasksDeclared(caps: ClientCapabilities, tasks: boolean | TaskOptions | undefined): ClientCapabilities {
  if (tasks === undefined || tasks === false) return caps;
  const extensions = isObject(caps.extensions) ? caps.extensions : {};
  return { ...caps, extensions: { ...extensions, [TASKS_EXTENSION]: {} } };
}

export const TASK_STATUSES = ["working", "input_required", "completed", "failed", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export function isTerminalStatus(status: TaskStatus): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

/** A task as the client last saw it, in either era's words (ttl/ttlMs, pollInterval/pollIntervalMs). */
export interface TaskSnapshot {
  taskId: string;
  status: TaskStatus;
  statusMessage: string | undefined;
  createdAt: string;
  lastUpdatedAt: string;
  /** null: the server keeps it without limit. */
  ttlMs: number | null;
  /** What the server asked for; the client waits `effectivePollMs(...)`. */
  pollIntervalMs: number | undefined;
}

/** How the client polls and how long it waits (per client in ConnectOptions.tasks, per call in CallOptions.task). */
export interface TaskOptions {
  /** Never poll faster than this, whatever the server asks (default 100 ms): a 0 ms interval cannot make it spin. */
  minPollIntervalMs?: number;
  /** Never wait longer than this between polls (default 5000 ms), so a huge interval cannot stall the call. */
  maxPollIntervalMs?: number;
  /** When the server suggests none (default 1000 ms). */
  defaultPollIntervalMs?: number;
  /** Give up on the task after this long, cancel it and fail the call (default 300000 ms). */
  timeoutMs?: number;
  /** 2025-11-25: the `task.ttl` to ask for (the server may override it). */
  ttlMs?: number;
}

export const TASK_DEFAULTS = {
  minPollIntervalMs: 100,
  maxPollIntervalMs: 5_000,
  defaultPollIntervalMs: 1_000,
  timeoutMs: 300_000,
} as const;

/** How a task's answers travel: 2026-07-28 `tasks/update`, 2025-11-25 answers to live requests on `tasks/result`. */
export type AnswerTravel = "tasks/update" | "live request";

/** What the task runner reports, for the app to draw a task card. */
export type TaskEvent =
  | { type: "taskCreated"; callId: string; era: Era; task: TaskSnapshot; at: number }
  | {
      type: "taskPolled";
      callId: string;
      taskId: string;
      /** 1-based count of tasks/get requests. */
      poll: number;
      status: TaskStatus | undefined;
      /** Round trip of this tasks/get. */
      ms: number;
      /** What the server asked for, and what the client waits until the next poll (after floor and ceiling). */
      serverPollIntervalMs: number | undefined;
      nextPollInMs: number;
      at: number;
    }
  | { type: "taskStatus"; callId: string; taskId: string; from: TaskStatus | undefined; task: TaskSnapshot; at: number }
  | { type: "taskInputSent"; callId: string; taskId: string; keys: string[]; travel: AnswerTravel; requestId: RequestId; at: number }
  | { type: "taskCancelRequested"; callId: string; taskId: string; reason: string; at: number }
  | { type: "taskFinished"; callId: string; taskId: string; status: TaskStatus | undefined; polls: number; ms: number; error?: McpError; at: number };

/** The requests a client may run as tasks (2025-11-25 `ClientCapabilities.tasks.requests`). */
export const CLIENT_TASK_METHODS = ["elicitation/create", "sampling/createMessage"] as const;
export type ClientTaskMethod = (typeof CLIENT_TASK_METHODS)[number];

/** The `tasks/*` requests a server sends to a client that runs tasks. */
export const CLIENT_TASK_REQUESTS = ["tasks/get", "tasks/result", "tasks/list", "tasks/cancel"] as const;

/** The `tasks` capability a client declares when it runs the given kinds as tasks (empty `requests`: none). */
export function clientTasksCapability(declared: ClientCapabilities): Record<string, unknown> | undefined {
  const requests: Record<string, unknown> = {};
  if (isObject(declared.elicitation)) requests.elicitation = { create: {} };
  if (isObject(declared.sampling)) requests.sampling = { createMessage: {} };
  if (Object.keys(requests).length === 0) return undefined;
  return { list: {}, cancel: {}, requests };
}

/** Whether the declared capabilities let the server send this method as a task. */
export function runsAsTask(declared: ClientCapabilities, method: string): method is ClientTaskMethod {
  const tasks = isObject(declared.tasks) ? declared.tasks : undefined;
  const requests = tasks && isObject(tasks.requests) ? tasks.requests : undefined;
  if (!requests) return false;
  if (method === "elicitation/create") return isObject(requests.elicitation) && isObject(requests.elicitation.create);
  if (method === "sampling/createMessage") return isObject(requests.sampling) && isObject(requests.sampling.createMessage);
  return false;
}
