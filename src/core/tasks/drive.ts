/**
 * The seam between the call driver (src/core/mcp/inputDriver.ts) and the task runner: the driver
 * calls `withTaskParam` before a 2025-11-25 tools/call and `continueAsTask` when a call comes back as
 * a task; everything else about tasks lives in this folder.
 */
import { McpError } from "../jsonrpc/errors";
import { answerInput } from "../mcp/answerInput";
import type { Client } from "../mcp/client";
import type { RetryDraft } from "../mcp/events";
import type { CallOptions, CallState } from "../mcp/inputDriver";
import type { Era } from "../protocol/revisions";
import { isObject, type ClientCapabilities } from "../protocol/types";
import { readCreateTaskResult } from "./parse";
import { followTask, type TaskHost } from "./runner";
import { TASKS_EXTENSION, type TaskOptions } from "./types";

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

function taskSupportOf(client: Client, name: unknown): string | undefined {
  const tool = typeof name === "string" ? (client.toolSchemas.get(name) as unknown as Record<string, unknown> | undefined) : undefined;
  const execution = tool?.execution;
  return isObject(execution) && typeof execution.taskSupport === "string" ? execution.taskSupport : undefined;
}

/**
 * 2025-11-25 ("Tool-Level Negotiation"): a tools/call goes as a task when the client takes tasks,
 * the server declared `tasks.requests.tools.call` and the listed tool says optional or required.
 */
export function withTaskParam(client: Client, method: string, params: Record<string, unknown>, options: CallOptions): Record<string, unknown> {
  if (client.era !== "legacy" || method !== "tools/call" || !tasksDeclared(client.declared)) return params;
  const caps = client.serverCapabilities.tasks;
  const requests = isObject(caps) && isObject(caps.requests) ? caps.requests : undefined;
  if (!isObject(requests?.tools) || !isObject(requests.tools.call)) return params;
  const support = taskSupportOf(client, params.name);
  if (support !== "optional" && support !== "required") return params;
  const ttl = options.task?.ttlMs ?? client.taskOptions.ttlMs;
  return { ...params, task: ttl === undefined ? {} : { ttl } };
}

/** Follows the task a call became, through the same input handlers, and returns its final result. */
/** The driver's step-mode hold (inputDriver.ts `hold`), passed in so this folder does not import the driver. */
export type HoldFn = (client: Client, state: CallState, draft: RetryDraft) => Promise<{ draft: RetryDraft; edited: boolean }>;

export function continueAsTask(client: Client, state: CallState, result: Record<string, unknown>, options: CallOptions, hold: HoldFn): Promise<Record<string, unknown>> {
  const era = client.era as Era;
  if (era === "legacy" && !isObject(state.params.task)) {
    throw new McpError({ kind: "protocol", message: `the server answered ${state.method} with a task, which the client did not ask for (no task parameter)` });
  }
  const created = readCreateTaskResult(result, era);
  const host: TaskHost = {
    era,
    clock: client.clock,
    callId: state.callId,
    signal: state.signal,
    request: (method, params, o) => client.request(method, params, o),
    newId: () => client.connection.newId(),
    emit: (event) => client.events.emit(event),
    answer: (key, request, round, signal) => answerInput(request, client.declared, client.handlers, { key, round, callId: state.callId, era, signal }),
    nextRound: () => {
      state.round++;
      if (state.round > state.maxRounds) {
        throw new McpError({
          kind: "tooManyRounds",
          message: `${state.method} asked for input ${state.round} times; the cap is ${state.maxRounds} rounds`,
          data: { rounds: state.round, maxRounds: state.maxRounds },
        });
      }
      return state.round;
    },
    track: (id) => client.legacyInput.track(id, state),
    // Step mode holds a task's answers too, before tasks/update takes them (the initialize era holds in legacyInput.ts).
    hold: async (round, inputResponses) => {
      const draft: RetryDraft = { era, callId: state.callId, method: state.method, round, params: state.params, inputResponses, taskId: created.taskId };
      return (await hold(client, state, draft)).draft.inputResponses;
    },
  };
  const run = followTask(host, created, { ...client.taskOptions, ...options.task }, options.onTask);
  // An answer the client cannot give (initialize era, legacyInput.ts) ends the task's call too.
  state.fail = (error) => run.fail(error);
  return run.done;
}
