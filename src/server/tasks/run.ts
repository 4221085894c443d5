import { ErrorCode, McpError, isObject, toMcpError, type InputRequests, type InputResponse, type InputResponses, type JsonValue } from "../../core/protocol";
import type { RoundContext } from "../context";
import { isInputRequired, type HandlerContext, type InputRequired } from "../definitions";
import { checkInputRequests, describeMissing, legacyParams, missingCapabilities } from "../inputFlow";
import type { McpServer } from "../server";
import { isTerminal, type TaskRecord } from "./store";
import { RELATED_TASK } from "./wire";

/** What the tool route gives a task: how to call the handler and how to shape its result. */
export interface TaskWork<R> {
  invoke: (ctx: HandlerContext) => Promise<R | InputRequired>;
  finish: (ret: R) => Record<string, unknown>;
  /** Initialize era: a refusal to ask is a tool result with isError, as in a plain call. */
  refusal: (message: string) => Record<string, unknown>;
}

/** A wire key for a handler's key that this task has not used yet (keys are unique per task lifetime). */
function wireKey(task: TaskRecord, key: string, round: number): string {
  let candidate = task.usedKeys.has(key) ? `${key}~${round}` : key;
  for (let n = 2; task.usedKeys.has(candidate); n++) candidate = `${key}~${round}.${n}`;
  task.usedKeys.add(candidate);
  return candidate;
}

function cancelledError(): McpError {
  return new McpError({ kind: "cancelled", message: "the task was cancelled" });
}

/**
 * Parks the task in `input_required` until every question is answered: on 2026-07-28 by
 * `tasks/update` (see answerTask), on 2025-11-25 by the client's answers to live requests sent on an
 * open `tasks/result` stream (see deliverLegacy). Resolves with the answers under the handler's keys.
 */
function ask(server: McpServer, task: TaskRecord, requests: InputRequests, round: number): Promise<InputResponses> {
  const entries = Object.entries(requests);
  const signal = task.abort.signal;
  const answers = entries.map(([key, request]) => {
    const wire = wireKey(task, key, round);
    return new Promise<[string, InputResponse]>((resolve, reject) => {
      const onAbort = (): void => reject(cancelledError());
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      task.pending.set(wire, {
        request,
        sent: false,
        resolve: (response) => {
          signal.removeEventListener("abort", onAbort);
          resolve([key, response]);
        },
      });
    });
  });
  server.tasks.update(task, { status: "input_required", statusMessage: `waiting for input: ${entries.map(([k]) => k).join(", ")}` });
  if (task.era === "legacy") deliverLegacy(task);
  return Promise.all(answers).then((pairs) => Object.fromEntries(pairs) as InputResponses);
}

/**
 * 2025-11-25: sends the task's unsent questions as live requests on an open `tasks/result` stream,
 * tagged with related-task metadata ("Input Required Status"). With no stream open they wait for one.
 */
export function deliverLegacy(task: TaskRecord): void {
  const waiter = [...task.resultWaiters][0];
  const connection = task.connection;
  if (waiter === undefined || !connection) return;
  for (const [key, pending] of task.pending) {
    if (pending.sent) continue;
    pending.sent = true;
    const params = legacyParams(pending.request, "2025-11-25");
    const meta = isObject(params._meta) ? params._meta : {};
    params._meta = { ...meta, [RELATED_TASK]: { taskId: task.taskId } };
    connection.request(pending.request.method, params, { relatedRequestId: waiter, signal: task.abort.signal }).then(
      (answer) => {
        task.pending.delete(key);
        pending.resolve(answer as unknown as InputResponse);
      },
      (e: unknown) => {
        // The client refused or could not answer: the task ends the way a plain call would.
        if (task.abort.signal.aborted || isTerminal(task.status)) return;
        const reason = toMcpError(e);
        task.pending.delete(key);
        task.refuse?.(`The client could not answer ${pending.request.method} ("${key}"): ${reason.message}`);
      },
    );
  }
}

/** 2026-07-28 `tasks/update`: answers outstanding keys; unknown or answered keys are ignored (ext-tasks). */
export function answerTask(server: McpServer, task: TaskRecord, inputResponses: InputResponses): void {
  for (const [key, response] of Object.entries(inputResponses)) {
    const pending = task.pending.get(key);
    if (!pending || !isObject(response)) continue;
    task.pending.delete(key);
    pending.resolve(response);
  }
  // Flipped here, not when the handler resumes, so the very next tasks/get already says so.
  if (task.pending.size === 0 && task.status === "input_required") server.tasks.update(task, { status: "working", statusMessage: undefined });
}

function errorObject(e: unknown): { code: number; message: string; data?: unknown } {
  const error = toMcpError(e);
  const out: { code: number; message: string; data?: unknown } = { code: error.code ?? ErrorCode.InternalError, message: error.message };
  if (error.data !== undefined) out.data = error.data;
  return out;
}

/**
 * Runs a tool's handler as a task, detached from the request that created it: each time it asks,
 * the task waits in `input_required`; its return completes the task, a thrown error fails it
 * (`failed` is only for JSON-RPC errors; a tool error is a completed task with isError).
 */
export async function runTask<R>(server: McpServer, task: TaskRecord, base: RoundContext, work: TaskWork<R>, firstState: JsonValue | undefined): Promise<void> {
  const refuse = (t: TaskRecord, message: string, requiredCapabilities?: object): void => {
    if (t.era === "legacy") server.tasks.update(t, { status: "completed", result: work.refusal(message), statusMessage: message });
    else {
      const code = requiredCapabilities ? ErrorCode.MissingRequiredClientCapability : ErrorCode.InternalError;
      const error = requiredCapabilities ? { code, message, data: { requiredCapabilities } } : { code, message };
      server.tasks.update(t, { status: "failed", error, statusMessage: message });
    }
  };
  task.refuse = (message) => {
    task.abort.abort();
    refuse(task, message);
  };
  let inputResponses: InputResponses = {};
  let state = firstState;
  try {
    for (let round = 1; round <= server.maxLegacyRounds; round++) {
      const ret = await work.invoke(base.round(inputResponses, state));
      if (isTerminal(task.status)) return;
      if (!isInputRequired(ret)) {
        server.tasks.update(task, { status: "completed", result: work.finish(ret) });
        return;
      }
      checkInputRequests(ret.inputRequests);
      const missing = missingCapabilities(ret.inputRequests, base.clientCapabilities);
      if (missing && !task.hostile?.askUndeclared) return refuse(task, describeMissing(missing), missing);
      inputResponses = await ask(server, task, ret.inputRequests, round);
      // Answered: back to work (2026-07-28 tasks/update has flipped it already).
      if (task.status === "input_required") server.tasks.update(task, { status: "working", statusMessage: undefined });
      state = ret.state;
    }
    refuse(task, `The task gave up after ${server.maxLegacyRounds} rounds of input`);
  } catch (e) {
    if (task.abort.signal.aborted || isTerminal(task.status)) return;
    const error = errorObject(e);
    server.tasks.update(task, { status: "failed", error, statusMessage: error.message });
  }
}
