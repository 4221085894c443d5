import { McpError } from "../errors";
import { formatSize } from "../jsonrpc/limits";
import type { JsonRpcRequest, RequestId } from "../jsonrpc/messages";
import { isInputMethod, type InputMethod } from "../protocol/meta";
import { isObject } from "../util/isObject";
import { copyOwn } from "../util/copyOwn";
import type { InputRequests, InputResponses } from "../protocol/types";
import { decodeRequestState } from "../state/decode";
import { checkInputRequest } from "./answerInput";
import { answerOne, hold, nextRound, type CallHost, type CallState } from "./callSteps";
import type { RetryDraft } from "./events";
import { LegacyInput } from "./legacyInput";
import { checkResultShape } from "./resultShape";
import type { CallOptions, CallRounds, InFlight, RequestOrigin } from "./callHost";
import { answerUrlRequired } from "./urlRequiredRound";
import type { Cancellation } from "./cancellation";
import type { ModernRequestOptions } from "./modernRequest";
import { isUrlRequired } from "./urlRequired";

// Client-side tasks are answered like the initialize era's other server requests: with this code.
export { ClientTaskReceiver } from "./clientTasks";
// Suggestions for a call's arguments, asked while the user fills them in.
export { completionParams, readCompletion } from "./completions";

/** requestState longer than this is refused, not echoed: 256 KiB (the reference server signs at most 64 KiB). */
export const MAX_REQUEST_STATE_LENGTH = 256 * 1024;

/** The rounds of one client's calls (CallRoundsModule): what callRunner.ts hands each started call to. */
export function createCallRounds(host: CallHost, inFlight: InFlight): CallRounds {
  return new Rounds(host, inFlight);
}

/**
 * Runs tools/call, prompts/get and resources/read to completion in both eras, once the runner has
 * started them (callRunner.ts). On 2026-07-28 every round is a new request with a new id, the
 * answers in `inputResponses` and the token echoed byte for byte; on initialize-era sessions the
 * rounds happen inside the one request, as live server requests that legacyInput.ts answers. It
 * knows the client only through `CallHost`.
 */
class Rounds implements CallRounds {
  readonly #host: CallHost;
  /** The call each request in flight belongs to, by JSON-RPC id (the runner's map: it reports notifications with it). */
  readonly #inFlight: InFlight;
  readonly #legacy: LegacyInput;

  constructor(host: CallHost, inFlight: InFlight) {
    this.#host = host;
    this.#inFlight = inFlight;
    this.#legacy = new LegacyInput(host, (origin) => this.#find(origin));
  }

  answerServerRequest(request: JsonRpcRequest, origin: RequestOrigin, signal?: AbortSignal): Promise<Record<string, unknown>> {
    return this.#legacy.answer(request, origin, signal);
  }

  /**
   * The call a server request belongs to, by the stream it came on. A request on a call's stream is
   * that call's; one on another request's stream, or on a stream tied to no request (the standalone
   * GET stream), belongs to no call and is answered outside any. Only a transport that cannot tell
   * (one pipe for everything: in-process, stdio, HTTP+SSE) leaves it to a guess: the one call in
   * flight, when there is exactly one.
   */
  #find(origin: RequestOrigin): [RequestId, CallState] | undefined {
    const related = origin.relatedRequestId;
    if (related !== undefined) {
      const state = this.#inFlight.get(related);
      return state ? [related, state] : undefined;
    }
    if (origin.unrelated) return undefined;
    return this.#inFlight.size === 1 ? [...this.#inFlight.entries()][0] : undefined;
  }

  #track(id: RequestId, state: CallState): () => void {
    this.#inFlight.set(id, state);
    return () => this.#inFlight.delete(id);
  }

  async drive(params: Record<string, unknown>, state: CallState, cancel: Cancellation, options: CallOptions): Promise<Record<string, unknown>> {
    const complete = state.context.era === "modern" ? await this.#modernLoop(params, state, cancel, options) : await this.#legacyCall(params, state, cancel, options);
    // The app renders what it gets: a result of the wrong shape is the server's error, raised.
    // The runner starts only tools/call, prompts/get and resources/read (CallMethod).
    return checkResultShape(state.method as InputMethod, complete);
  }

  /**
   * The initialize era's one request, retried with a new id after a -32042 whose URLs the user (or
   * the server's completion notice) completed (urlRequiredRound.ts).
   */
  async #legacyCall(params: Record<string, unknown>, state: CallState, cancel: Cancellation, options: CallOptions): Promise<Record<string, unknown>> {
    const asked = new Map<string, number>();
    let id = this.#host.newId();
    for (;;) {
      try {
        return await this.#legacyOnce(params, state, options, id);
      } catch (e) {
        if (!isUrlRequired(e)) throw e;
        id = await answerUrlRequired(this.#host, state, e, asked, (work) => unlessAborted(state, cancel, work));
      }
    }
  }

  async #legacyOnce(params: Record<string, unknown>, state: CallState, options: CallOptions, id: RequestId): Promise<Record<string, unknown>> {
    const host = this.#host;
    let told = false;
    // The server is not told by a dropped answer or stream; cancel explicitly, once (MCP
    // "Cancellation": a client that gives up on a request sends notifications/cancelled).
    const cancel = (reason: string): void => {
      if (told) return;
      told = true;
      void host.notify("notifications/cancelled", { requestId: id, reason }).catch(() => undefined);
    };
    // Registered before the request, so it runs while the request is still pending.
    const onAbort = (): void => {
      if (host.isPending(id)) cancel(`${state.method} was cancelled by the client`);
    };
    return new Promise((resolve, reject) => {
      state.fail = (error) => {
        cancel(error.message);
        host.fail(id, error);
      };
      state.signal.addEventListener("abort", onAbort, { once: true });
      const untrack = this.#track(id, state);
      const sendOptions = { id, signal: state.signal, ...(options.headers ? { headers: options.headers } : {}) };
      host
        .request(state.method, params, sendOptions)
        // A call that became a task (2025-11-25 `{task}`) is followed to its end (src/core/tasks).
        .then((result) => (state.context.tasks?.isCreated(result) ? state.context.tasks.follow(host, state, result, options, (resultId) => this.#track(resultId, state)) : result))
        .then(resolve, (e: unknown) => {
          // A request given up on time is given up on the server too, so it stops working.
          if (e instanceof McpError && e.kind === "timeout") cancel(e.message);
          reject(e);
        })
        .finally(() => {
          untrack();
          state.signal.removeEventListener("abort", onAbort);
        });
    });
  }

  async #modernLoop(params: Record<string, unknown>, state: CallState, cancel: Cancellation, options: CallOptions): Promise<Record<string, unknown>> {
    const host = this.#host;
    let extra: { inputResponses?: InputResponses; requestState?: string } = {};
    let retryId: RequestId = host.newId();
    for (;;) {
      if (cancel.aborted) throw cancelled(state);
      // Where sends read no signal (in-process) the connection is given the call's cancellation
      // itself, and no AbortSignal is made for a call nobody cancels.
      const sendOptions: ModernRequestOptions = state.context.sendIgnoresSignal ? { cancel, id: retryId } : { signal: state.signal, id: retryId };
      if (options.headers) sendOptions.headers = options.headers;
      // A -32022 resends under a new id: the tracking follows it.
      sendOptions.retriedAs = (id) => {
        this.#inFlight.delete(retryId);
        retryId = id;
        this.#inFlight.set(id, state);
      };
      // Tracked while in flight, so notifications on its stream (progress) are reported with this call's id.
      this.#inFlight.set(retryId, state);
      let result: Record<string, unknown>;
      try {
        result = await host.request(state.method, copyOwn(copyOwn({}, params), extra), sendOptions);
      } finally {
        this.#inFlight.delete(retryId);
      }
      // A missing resultType is "complete" (what older servers send); unknown ones are invalid.
      const resultType = result.resultType ?? "complete";
      if (resultType === "complete") return result;
      if (resultType === "task") {
        const tasks = state.context.tasks;
        if (!tasks) throw new McpError({ kind: "protocol", message: `the server answered ${state.method} with a task, which this client does not follow` });
        return tasks.follow(host, state, result, options, (id) => this.#track(id, state));
      }
      if (resultType !== "input_required") {
        throw new McpError({ kind: "protocol", message: `unrecognised resultType: ${JSON.stringify(resultType).slice(0, 80)}` });
      }
      if (!isInputMethod(state.method)) throw new McpError({ kind: "protocol", message: `${state.method} may not answer input_required` });
      const { inputRequests, requestState } = readInputRequired(result);
      nextRound(state);
      const requestId = host.newId();
      host.emit({
        type: "roundStarted",
        callId: state.callId,
        round: state.round,
        era: "modern",
        inputRequests,
        requestState,
        decodedState: requestState === undefined ? undefined : decodeRequestState(requestState),
        at: host.clock.now(),
      });
      const inputResponses = await unlessAborted(state, cancel, this.#gather(state, inputRequests));
      let draft: RetryDraft = { era: "modern", callId: state.callId, method: state.method, round: state.round, params: state.params, inputResponses };
      if (requestState !== undefined) draft.requestState = requestState;
      // Without a step hook the draft goes as is, at once: nothing to wait on, so no abort to race.
      const held = state.step ? await unlessAborted(state, cancel, hold(host, state, draft)) : { draft, edited: false };
      if (cancel.aborted) throw cancelled(state);
      draft = held.draft;
      extra = {};
      if (Object.keys(inputRequests).length > 0 || Object.keys(draft.inputResponses).length > 0) extra.inputResponses = draft.inputResponses;
      if (draft.requestState !== undefined) extra.requestState = draft.requestState;
      retryId = requestId;
      host.emit({ type: "retrySent", callId: state.callId, round: state.round, requestId, draft, edited: held.edited, at: host.clock.now() });
    }
  }

  /** Answers every input request of a round, concurrently, so a UI can show them side by side. */
  async #gather(state: CallState, inputRequests: InputRequests): Promise<InputResponses> {
    const answers = await Promise.all(
      Object.entries(inputRequests).map(async ([key, request]) => {
        // The call's signal through a getter: made only if the handler reads its own (callSteps.ts).
        const slot = {
          context: state.context,
          callId: state.callId,
          round: state.round,
          key,
          era: "modern" as const,
          get signal() {
            return state.signal;
          },
        };
        return [key, await answerOne(this.#host, slot, request)] as const;
      }),
    );
    return Object.fromEntries(answers) as InputResponses;
  }
}

function cancelled(state: CallState): McpError {
  return new McpError({ kind: "cancelled", message: `${state.method} was cancelled` });
}

/** `work`, unless the call is aborted first: a person may never answer, and the caller must not wait for it. */
function unlessAborted<T>(state: CallState, cancel: Cancellation, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const undo = cancel.onAbort(() => reject(cancelled(state)));
    work.then(
      (value) => {
        undo();
        resolve(value);
      },
      (error: unknown) => {
        undo();
        reject(error);
      },
    );
  });
}

function readInputRequired(result: Record<string, unknown>): { inputRequests: InputRequests; requestState: string | undefined } {
  const rawRequests = result.inputRequests;
  const rawState = result.requestState;
  if (rawRequests !== undefined && !isObject(rawRequests)) throw new McpError({ kind: "protocol", message: "inputRequests is not an object" });
  if (rawState !== undefined && typeof rawState !== "string") throw new McpError({ kind: "protocol", message: "requestState is not a string" });
  if (typeof rawState === "string" && rawState.length > MAX_REQUEST_STATE_LENGTH) {
    // Echoed on every retry and shown in the rounds view: a huge token costs both ends.
    throw new McpError({
      kind: "protocol",
      message: `requestState is ${formatSize(rawState.length)}, over the client's ${formatSize(MAX_REQUEST_STATE_LENGTH)} cap; it was not sent back`,
      reason: { type: "badRequestState", length: rawState.length },
    });
  }
  if (rawRequests === undefined && rawState === undefined) {
    throw new McpError({ kind: "protocol", message: "input_required result has neither inputRequests nor requestState" });
  }
  const inputRequests: InputRequests = {};
  for (const [key, value] of Object.entries(rawRequests ?? {})) inputRequests[key] = checkInputRequest(key, value);
  return { inputRequests, requestState: rawState };
}
