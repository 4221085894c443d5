/**
 * The seam between the call runner (src/core/mcp/callRunner.ts) and the task runner: the runner
 * calls `withTaskParam` before a 2025-11-25 tools/call and `continueAsTask` when a call comes back as
 * a task; everything else about tasks lives in this folder. It sees the client only through CallHost.
 */
import { McpError } from "../errors";
import type { RequestId } from "../jsonrpc/messages";
import { answerInput } from "../mcp/answerInput";
import { hold, nextRound, type CallHost, type CallState } from "../mcp/callSteps";
import type { RetryDraft } from "../mcp/events";
import type { ClientCapabilities } from "../protocol/types";
import { isObject } from "../util/isObject";
import { readCreateTaskResult } from "./parse";
import { followTask, type TaskHandle, type TaskHost } from "./runner";
import { TASKS_EXTENSION, type TaskOptions } from "./types";

/** The part of a call's options about tasks (CallOptions extends it). */
export interface TaskCallOptions {
  /** Polling and time limits if the call becomes a task. */
  task?: TaskOptions;
  /** Called with the task's handle (status, cancel) when the call becomes a task. */
  onTask?: (handle: TaskHandle) => void;
}

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

function taskSupportOf(host: CallHost, name: unknown): string | undefined {
  const tool = typeof name === "string" ? (host.tool(name) as unknown as Record<string, unknown> | undefined) : undefined;
  const execution = tool?.execution;
  return isObject(execution) && typeof execution.taskSupport === "string" ? execution.taskSupport : undefined;
}

/**
 * 2025-11-25 ("Tool-Level Negotiation"): a tools/call goes as a task when the client takes tasks,
 * the server declared `tasks.requests.tools.call` and the listed tool says optional or required.
 */
export function withTaskParam(host: CallHost, method: string, params: Record<string, unknown>, options: TaskCallOptions): Record<string, unknown> {
  if (host.era() !== "legacy" || method !== "tools/call" || !tasksDeclared(host.declared)) return params;
  const caps = host.serverCapabilities().tasks;
  const requests = isObject(caps) && isObject(caps.requests) ? caps.requests : undefined;
  if (!isObject(requests?.tools) || !isObject(requests.tools.call)) return params;
  const support = taskSupportOf(host, params.name);
  if (support !== "optional" && support !== "required") return params;
  const ttl = options.task?.ttlMs ?? host.taskOptions.ttlMs;
  return { ...params, task: ttl === undefined ? {} : { ttl } };
}

/**
 * Follows the task a call became, through the same input handlers, and returns its final result.
 * `track` routes the server's live requests on a request id to this call (initialize era, tasks/result).
 */
export function continueAsTask(
  host: CallHost,
  state: CallState,
  result: Record<string, unknown>,
  options: TaskCallOptions,
  track: (id: RequestId) => () => void,
): Promise<Record<string, unknown>> {
  const era = host.era();
  if (era === undefined) throw new McpError({ kind: "protocol", message: `the server answered ${state.method} with a task before the session was negotiated` });
  if (era === "legacy" && !isObject(state.params.task)) {
    throw new McpError({ kind: "protocol", message: `the server answered ${state.method} with a task, which the client did not ask for (no task parameter)` });
  }
  const created = readCreateTaskResult(result, era);
  const taskHost: TaskHost = {
    era,
    clock: host.clock,
    callId: state.callId,
    signal: state.signal,
    request: (method, params, o) => host.request(method, params, o),
    newId: () => host.newId(),
    emit: (event) => host.emit(event),
    answer: (key, request, round, signal) => answerInput(request, host.declared, host.handlers, { key, round, callId: state.callId, era, signal }),
    nextRound: () => {
      nextRound(state);
      return state.round;
    },
    track,
    // Step mode holds a task's answers too, before tasks/update takes them (the initialize era holds in legacyInput.ts).
    hold: async (round, inputResponses) => {
      const draft: RetryDraft = { era, callId: state.callId, method: state.method, round, params: state.params, inputResponses, taskId: created.taskId };
      return (await hold(host, state, draft)).draft.inputResponses;
    },
  };
  const run = followTask(taskHost, created, { ...host.taskOptions, ...options.task }, options.onTask);
  // An answer the client cannot give (initialize era, legacyInput.ts) ends the task's call too.
  state.fail = (error) => run.fail(error);
  return run.done;
}
