import { McpError, toMcpError } from "../jsonrpc/errors";
import { formatSize } from "../jsonrpc/limits";
import type { RequestId } from "../jsonrpc/messages";
import { isInputMethod, type InputMethod } from "../protocol/meta";
import { isObject, type InputRequests, type InputResponses } from "../protocol/types";
import { decodeRequestState } from "../state";
import { answerInput, checkInputRequest } from "./answerInput";
import type { Client } from "./client";
import type { RetryDraft, StepHook } from "./events";
import { baseParams } from "./modernRequest";
import { checkResultShape } from "./resultShape";
import { continueAsTask, withTaskParam } from "../tasks/drive";
import { isLegacyCreateTaskResult } from "../tasks/parse";
import type { TaskHandle } from "../tasks/runner";
import type { TaskOptions } from "../tasks/types";

/** requestState longer than this is refused, not echoed: 256 KiB (the reference server signs at most 64 KiB). */
export const MAX_REQUEST_STATE_LENGTH = 256 * 1024;

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's step hook for this call. */
  step?: StepHook;
  maxRounds?: number;
  /** Extra `_meta` for every request of this call, e.g. a progressToken. */
  meta?: Record<string, unknown>;
  /** Extra HTTP headers for every request of this call. */
  headers?: Record<string, string>;
  /** Polling and time limits if the call becomes a task (src/core/tasks). */
  task?: TaskOptions;
  /** Called with the task's handle (status, cancel) when the call becomes a task. */
  onTask?: (handle: TaskHandle) => void;
}

/** Per-call bookkeeping that the initialize-era path shares with legacyInput.ts. */
export interface CallState {
  callId: string;
  method: string;
  params: Record<string, unknown>;
  round: number;
  maxRounds: number;
  step: StepHook | undefined;
  signal: AbortSignal;
  /** Rejects the call from outside (round cap, unsupported input in the initialize era). */
  fail: (error: McpError) => void;
}

/**
 * Runs one tools/call, prompts/get or resources/read to completion. On 2026-07-28 every round is a
 * new request with a new id, the answers in `inputResponses` and the token echoed byte for byte;
 * on initialize-era sessions the rounds happen inside the one request (legacyInput.ts).
 */
export async function driveInputFlow(client: Client, method: InputMethod, params: Record<string, unknown>, options: CallOptions): Promise<Record<string, unknown>> {
  const callId = client.newCallId();
  const started = client.clock.now();
  params = withTaskParam(client, method, params, options);
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  if (options.signal?.aborted) controller.abort();
  const withMeta = options.meta ? { ...params, _meta: { ...options.meta } } : params;
  client.events.emit({ type: "callStarted", callId, method, params: withMeta, at: started });
  const state: CallState = {
    callId,
    method,
    params: baseParams(params),
    round: 0,
    maxRounds: options.maxRounds ?? client.maxRounds,
    step: options.step ?? client.options.step,
    signal: controller.signal,
    fail: () => undefined,
  };
  try {
    const complete =
      client.era === "modern" ? await modernLoop(client, withMeta, state, options) : await legacyCall(client, withMeta, state, options);
    // The app renders what it gets: a result of the wrong shape is the server's error, raised (issue 8).
    const result = checkResultShape(method, complete);
    client.events.emit({ type: "callFinished", callId, method, rounds: state.round, at: client.clock.now(), ms: client.clock.now() - started, result });
    return result;
  } catch (e) {
    const error = toMcpError(e);
    controller.abort();
    client.events.emit({ type: "callFinished", callId, method, rounds: state.round, at: client.clock.now(), ms: client.clock.now() - started, error });
    throw error;
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
  }
}

async function legacyCall(client: Client, params: Record<string, unknown>, state: CallState, options: CallOptions): Promise<Record<string, unknown>> {
  const id = client.connection.newId();
  let told = false;
  // The server is not told by a dropped answer or stream; cancel explicitly, once (brief §3.4).
  const cancel = (reason: string): void => {
    if (told) return;
    told = true;
    void client.connection.notify("notifications/cancelled", { requestId: id, reason }).catch(() => undefined);
  };
  // Registered before the request, so it runs while the request is still pending.
  const onAbort = (): void => {
    if (client.connection.isPending(id)) cancel(`${state.method} was cancelled by the client`);
  };
  return new Promise((resolve, reject) => {
    state.fail = (error) => {
      cancel(error.message);
      client.connection.fail(id, error);
    };
    state.signal.addEventListener("abort", onAbort, { once: true });
    const untrack = client.legacyInput.track(id, state);
    const sendOptions = { id, signal: state.signal, ...(options.headers ? { headers: options.headers } : {}) };
    client
      .request(state.method, params, sendOptions)
      // A call that became a task (2025-11-25 `{task}`) is followed to its end (src/core/tasks).
      .then((result) => (isLegacyCreateTaskResult(result) ? continueAsTask(client, state, result, options, hold) : result))
      .then(resolve, (e: unknown) => {
        // A request given up on time is given up on the server too (brief §3.4), so it stops working.
        if (e instanceof McpError && e.kind === "timeout") cancel(e.message);
        reject(e);
      })
      .finally(() => {
        untrack();
        state.signal.removeEventListener("abort", onAbort);
      });
  });
}

async function modernLoop(client: Client, params: Record<string, unknown>, state: CallState, options: CallOptions): Promise<Record<string, unknown>> {
  let extra: { inputResponses?: InputResponses; requestState?: string } = {};
  let retryId: RequestId = client.connection.newId();
  for (;;) {
    if (state.signal.aborted) throw new McpError({ kind: "cancelled", message: `${state.method} was cancelled` });
    const sendOptions = { signal: state.signal, id: retryId, ...(options.headers ? { headers: options.headers } : {}) };
    // Tracked while in flight, so notifications on its stream (progress) are reported with this call's id.
    const untrack = client.legacyInput.track(retryId, state);
    const result = await client.requestModern(state.method, { ...params, ...extra }, sendOptions).finally(untrack);
    // A missing resultType is "complete" (what older servers send); unknown ones are invalid.
    const resultType = result.resultType ?? "complete";
    if (resultType === "complete") return result;
    if (resultType === "task") return continueAsTask(client, state, result, options, hold);
    if (resultType !== "input_required") {
      throw new McpError({ kind: "protocol", message: `unrecognised resultType: ${JSON.stringify(resultType).slice(0, 80)}` });
    }
    if (!isInputMethod(state.method)) throw new McpError({ kind: "protocol", message: `${state.method} may not answer input_required` });
    const { inputRequests, requestState } = readInputRequired(result);
    state.round++;
    if (state.round > state.maxRounds) {
      throw new McpError({
        kind: "tooManyRounds",
        message: `${state.method} asked for input ${state.round} times; the cap is ${state.maxRounds} rounds`,
        data: { rounds: state.round, maxRounds: state.maxRounds },
      });
    }
    const requestId = client.connection.newId();
    client.events.emit({
      type: "roundStarted",
      callId: state.callId,
      round: state.round,
      era: "modern",
      inputRequests,
      requestState,
      decodedState: requestState === undefined ? undefined : decodeRequestState(requestState),
      at: client.clock.now(),
    });
    const inputResponses = await unlessAborted(state, gather(client, state, inputRequests));
    let draft: RetryDraft = { era: "modern", callId: state.callId, method: state.method, round: state.round, params: state.params, inputResponses };
    if (requestState !== undefined) draft.requestState = requestState;
    const held = await unlessAborted(state, hold(client, state, draft));
    draft = held.draft;
    extra = {};
    if (Object.keys(inputRequests).length > 0 || Object.keys(draft.inputResponses).length > 0) extra.inputResponses = draft.inputResponses;
    if (draft.requestState !== undefined) extra.requestState = draft.requestState;
    retryId = requestId;
    client.events.emit({ type: "retrySent", callId: state.callId, round: state.round, requestId, draft, edited: held.edited, at: client.clock.now() });
  }
}

/** `work`, unless the call is aborted first: a person may never answer, and the caller must not wait for it. */
function unlessAborted<T>(state: CallState, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new McpError({ kind: "cancelled", message: `${state.method} was cancelled` }));
    if (state.signal.aborted) onAbort();
    else state.signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => state.signal.removeEventListener("abort", onAbort));
  });
}

function readInputRequired(result: Record<string, unknown>): { inputRequests: InputRequests; requestState: string | undefined } {
  const rawRequests = result.inputRequests;
  const rawState = result.requestState;
  if (rawRequests !== undefined && !isObject(rawRequests)) throw new McpError({ kind: "protocol", message: "inputRequests is not an object" });
  if (rawState !== undefined && typeof rawState !== "string") throw new McpError({ kind: "protocol", message: "requestState is not a string" });
  if (typeof rawState === "string" && rawState.length > MAX_REQUEST_STATE_LENGTH) {
    // Echoed on every retry and shown in the rounds view: a huge token costs both ends (issue 8).
    throw new McpError({
      kind: "protocol",
      message: `requestState is ${formatSize(rawState.length)}, over the client's ${formatSize(MAX_REQUEST_STATE_LENGTH)} cap; it was not sent back`,
      data: { fault: "badRequestState", length: rawState.length },
    });
  }
  if (rawRequests === undefined && rawState === undefined) {
    throw new McpError({ kind: "protocol", message: "input_required result has neither inputRequests nor requestState" });
  }
  const inputRequests: InputRequests = {};
  for (const [key, value] of Object.entries(rawRequests ?? {})) inputRequests[key] = checkInputRequest(key, value);
  return { inputRequests, requestState: rawState };
}

/** Answers every input request of a round, concurrently, so a UI can show them side by side. */
async function gather(client: Client, state: CallState, inputRequests: InputRequests): Promise<InputResponses> {
  const entries = Object.entries(inputRequests);
  const answers = await Promise.all(
    entries.map(async ([key, request]) => {
      const at = client.clock.now();
      client.events.emit({ type: "inputRequested", callId: state.callId, round: state.round, key, request, at });
      try {
        const ctx = { key, round: state.round, callId: state.callId, era: "modern" as const, signal: state.signal };
        const response = await answerInput(request, client.declared, client.handlers, ctx);
        client.events.emit({ type: "inputAnswered", callId: state.callId, round: state.round, key, response, at: client.clock.now(), ms: client.clock.now() - at });
        return [key, response] as const;
      } catch (e) {
        const error = toMcpError(e, "unsupported");
        client.events.emit({ type: "inputAnswered", callId: state.callId, round: state.round, key, response: undefined, error, at: client.clock.now(), ms: client.clock.now() - at });
        throw error;
      }
    }),
  );
  return Object.fromEntries(answers) as InputResponses;
}

/** Step mode: shows the draft and waits for the decision; without a hook the draft goes as is. */
export async function hold(client: Client, state: CallState, draft: RetryDraft): Promise<{ draft: RetryDraft; edited: boolean }> {
  if (!state.step) return { draft, edited: false };
  client.events.emit({ type: "retryHeld", callId: state.callId, round: state.round, draft, at: client.clock.now() });
  const decision = await state.step(draft);
  if (decision.action === "abort") {
    throw new McpError({ kind: "cancelled", message: decision.reason ?? `${state.method} was abandoned in step mode` });
  }
  return { draft: decision.draft, edited: JSON.stringify(decision.draft) !== JSON.stringify(draft) };
}
