/**
 * The task runner plugged into the call runner (TaskPlug, src/core/mcp/callHost.ts): the runner asks
 * `withTaskParam` before a 2025-11-25 tools/call and `continueAsTask` when a call comes back as a
 * task; everything else about tasks lives in this folder. It sees the client only through CallHost
 * and the call's CallContext.
 */
import { McpError } from "../errors";
import type { RequestId } from "../jsonrpc/messages";
import { answerInput } from "../mcp/answerInput";
import { hold, nextRound, type CallContext, type CallHost, type CallState } from "../mcp/callSteps";
import type { TaskCallOptions, TaskPlug } from "../mcp/callHost";
import type { RetryDraft } from "../mcp/events";
import { isObject } from "../util/isObject";
import { isLegacyCreateTaskResult, readCreateTaskResult } from "./parse";
import { followTask, type TaskHost } from "./runner";
import { tasksDeclared } from "../protocol/tasks";


function taskSupportOf(context: CallContext, name: unknown): string | undefined {
  const tool = typeof name === "string" ? (context.tool(name) as unknown as Record<string, unknown> | undefined) : undefined;
  const execution = tool?.execution;
  return isObject(execution) && typeof execution.taskSupport === "string" ? execution.taskSupport : undefined;
}

/**
 * 2025-11-25 ("Tool-Level Negotiation"): a tools/call goes as a task when the client takes tasks,
 * the server declared `tasks.requests.tools.call` and the listed tool says optional or required.
 */
export function withTaskParam(context: CallContext, method: string, params: Record<string, unknown>, options: TaskCallOptions): Record<string, unknown> {
  if (context.era !== "legacy" || method !== "tools/call" || !tasksDeclared(context.declared)) return params;
  const caps = context.serverCapabilities.tasks;
  const requests = isObject(caps) && isObject(caps.requests) ? caps.requests : undefined;
  if (!isObject(requests?.tools) || !isObject(requests.tools.call)) return params;
  const support = taskSupportOf(context, params.name);
  if (support !== "optional" && support !== "required") return params;
  const ttl = options.task?.ttlMs ?? context.taskOptions.ttlMs;
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
  const { context } = state;
  const era = context.era;
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
    answer: (key, request, round, signal) => answerInput(request, context.declared, context.handlers, { key, round, callId: state.callId, era, signal }),
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
  const run = followTask(taskHost, created, { ...context.taskOptions, ...options.task }, options.onTask);
  // An answer the client cannot give (initialize era, legacyInput.ts) ends the task's call too.
  state.fail = (error) => run.fail(error);
  return run.done;
}

/** The task runner as the call runner sees it (TaskPlug, src/core/mcp/callHost.ts). */
export const taskPlug: TaskPlug = {
  params: withTaskParam,
  isCreated: isLegacyCreateTaskResult,
  follow: continueAsTask,
};
