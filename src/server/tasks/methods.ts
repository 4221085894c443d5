import { ErrorCode, McpError, isObject, type ClientCapabilities, type JsonRpcRequest } from "../../core/protocol";
import type { RequestScope } from "../scope";
import { readInputResponses } from "../inputFlow";
import { invalidParams, methodNotFound, rpcError } from "../rpcError";
import { answerTask, deliverLegacy } from "./run";
import { isTerminal, type TaskRecord } from "./store";
import { RELATED_TASK, TASKS_EXTENSION, legacyTask, modernDetailedTask } from "./wire";

/** The part of a request's scope (scope.ts) the task methods read. */
export type TaskScope = Pick<RequestScope, "server" | "connection" | "requestId" | "caller" | "abort" | "revision" | "era" | "clientCapabilities">;

/** Whether this request's client declared the 2026-07-28 tasks extension (per request, SEP-2575). */
export function declaresTasks(caps: ClientCapabilities): boolean {
  return isObject(caps.extensions) && isObject(caps.extensions[TASKS_EXTENSION]);
}

/** -32021 naming the extension (ext-tasks "Capability Negotiation"). */
export function missingTasksExtension(what: string): McpError {
  return rpcError(ErrorCode.MissingRequiredClientCapability, `${what} needs the ${TASKS_EXTENSION} extension, which the client did not declare on this request`, {
    requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
  });
}

/** The hostile demo server's view of a task (poll 0: the CreateTaskResult); unchanged for every other task. */
export function distorted(task: TaskRecord, view: Record<string, unknown>, poll: number): Record<string, unknown> {
  const lie = task.hostile?.view;
  if (!lie) return view;
  const told = lie(view, poll);
  if (told === undefined) throw invalidParams("Failed to retrieve task: Task not found");
  return told;
}

function lookup(request: JsonRpcRequest, scope: TaskScope): TaskRecord {
  const connection = scope.era === "legacy" ? scope.connection : undefined;
  const found = scope.server.tasks.find(request.params?.taskId, scope.caller, connection);
  if (!found.ok) throw invalidParams(found.message);
  // A task belongs to the era that made it: its wire shape and its questions' route depend on it.
  if (found.task.era !== scope.era) throw invalidParams("Failed to retrieve task: Task not found");
  return found.task;
}

/** 2025-11-25 `tasks/result`: blocks until the task is terminal, carrying its questions meanwhile. */
async function legacyResult(task: TaskRecord, scope: TaskScope): Promise<Record<string, unknown>> {
  task.resultWaiters.add(scope.requestId);
  deliverLegacy(task);
  try {
    await new Promise<void>((resolve) => {
      const signal = scope.abort.signal;
      signal.addEventListener("abort", () => resolve(), { once: true });
      void task.settled.then(resolve);
    });
  } finally {
    task.resultWaiters.delete(scope.requestId);
  }
  if (!isTerminal(task.status)) throw new McpError({ kind: "cancelled", message: "tasks/result was cancelled by the client" });
  const related = { [RELATED_TASK]: { taskId: task.taskId } };
  if (task.status === "completed" && task.result) {
    const meta = isObject(task.result._meta) ? task.result._meta : {};
    return { ...task.result, _meta: { ...meta, ...related } };
  }
  // What the call itself would have answered: its JSON-RPC error ("Result Retrieval").
  const error = task.error ?? { code: ErrorCode.InternalError, message: "The task was cancelled" };
  throw rpcError(error.code, error.message, { ...(isObject(error.data) ? error.data : {}), ...related });
}

function legacyMethod(request: JsonRpcRequest, scope: TaskScope): Promise<Record<string, unknown>> | Record<string, unknown> {
  if (scope.revision < "2025-11-25") throw methodNotFound(request.method);
  switch (request.method) {
    case "tasks/get": {
      const task = lookup(request, scope);
      return distorted(task, legacyTask(task), ++task.polls);
    }
    case "tasks/result":
      return legacyResult(lookup(request, scope), scope);
    case "tasks/list":
      if (request.params?.cursor !== undefined) throw invalidParams("invalid cursor");
      return { tasks: scope.server.tasks.ofConnection(scope.connection, scope.caller).map(legacyTask) };
    case "tasks/cancel": {
      const task = lookup(request, scope);
      // 2025-11-25 "Task Cancellation": a terminal task cannot be cancelled (-32602).
      if (isTerminal(task.status)) throw invalidParams(`Cannot cancel task: it is already ${task.status}`);
      scope.server.tasks.update(task, { status: "cancelled", statusMessage: "The task was cancelled by request." });
      task.abort.abort();
      return legacyTask(task);
    }
    default:
      throw methodNotFound(request.method);
  }
}

function modernMethod(request: JsonRpcRequest, scope: TaskScope): Record<string, unknown> {
  // tasks/result and tasks/list are gone in the extension (ext-tasks "Reservations"; conformance).
  if (!["tasks/get", "tasks/update", "tasks/cancel"].includes(request.method)) throw methodNotFound(request.method);
  if (!declaresTasks(scope.clientCapabilities)) throw missingTasksExtension(request.method);
  const task = lookup(request, scope);
  switch (request.method) {
    case "tasks/get":
      return distorted(task, modernDetailedTask(task), ++task.polls);
    case "tasks/update": {
      const responses = request.params?.inputResponses;
      if (responses === undefined) throw invalidParams("tasks/update needs inputResponses");
      answerTask(scope.server, task, readInputResponses(request.params ?? {}));
      return {};
    }
    default:
      // Cooperative and idempotent: a terminal task gets the same empty ack (ext-tasks "Task Cancellation").
      if (!isTerminal(task.status)) {
        scope.server.tasks.update(task, { status: "cancelled", statusMessage: "The task was cancelled by request." });
        task.abort.abort();
      }
      return {};
  }
}

/** Serves `tasks/*` in either era. */
export function taskMethod(request: JsonRpcRequest, scope: TaskScope): Promise<Record<string, unknown>> | Record<string, unknown> {
  return scope.era === "modern" ? modernMethod(request, scope) : legacyMethod(request, scope);
}
