/**
 * Following a task a call became (TaskPlug's `follow`, loaded by plug.ts on the first task): the
 * task runner driven through the same input handlers as the call. It sees the client only through
 * CallHost and the call's CallContext.
 */
import { McpError } from "../errors";
import type { RequestId } from "../jsonrpc/messages";
import { answerInput } from "../mcp/answerInput";
import { hold, nextRound, type CallHost, type CallState } from "../mcp/callSteps";
import type { TaskCallOptions } from "../mcp/callHost";
import type { RetryDraft } from "../mcp/events";
import { isObject } from "../util/isObject";
import { readCreateTaskResult } from "./parse";
import { followTask, type TaskHost } from "./runner";


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
