import { McpError, toMcpError } from "../errors";
import type { JsonRpcRequest, RequestId } from "../jsonrpc/messages";
import { ErrorCode } from "../protocol/codes";
import type { ClientCapabilities, InputResponse } from "../protocol/types";
import { inputKindOf, isInputKindMethod, paramsOf } from "../input/registry";
import { checkInputRequest } from "./answerInput";
import { answerOne, hold, nextRound, type CallHost, type CallState } from "./callSteps";
import type { RequestOrigin } from "./callHost";

/** Finds the call a server request belongs to: its request id and state (the runner tracks them). */
export type FindCall = (origin: RequestOrigin) => [RequestId, CallState] | undefined;

/**
 * Initialize-era input: the server asks with live requests inside a call. They are answered with the
 * same handlers as 2026-07-28 rounds. A round is a set of server requests that overlap in time (the
 * wire has no round marker); while one is open the call's timeout is held, since a person may be typing.
 */
export class LegacyInput {
  readonly #host: CallHost;
  readonly #find: FindCall;
  /** Server requests of each call's current round still unanswered; one that finds none open starts a round. */
  readonly #open = new WeakMap<CallState, number>();

  constructor(host: CallHost, find: FindCall) {
    this.#host = host;
    this.#find = find;
  }

  /** `signal` ends the question early besides the call's own (a client-side task the server cancelled). */
  async answer(request: JsonRpcRequest, origin: RequestOrigin, signal?: AbortSignal): Promise<Record<string, unknown>> {
    if (request.method === "ping") return {};
    if (!isInputKindMethod(request.method)) {
      throw new McpError({ kind: "protocol", code: ErrorCode.MethodNotFound, message: `Method not found: ${request.method}` });
    }
    const key = String(request.id);
    let input;
    try {
      input = checkInputRequest(key, { method: request.method, params: request.params ?? {} });
    } catch (e) {
      throw new McpError({ kind: "protocol", code: ErrorCode.InvalidParams, message: toMcpError(e).message });
    }
    const host = this.#host;
    const found = this.#find(origin);
    const state = found?.[1];
    let release = (): void => undefined;
    if (found && state) {
      const open = this.#open.get(state) ?? 0;
      if (open === 0) {
        try {
          nextRound(state);
        } catch (e) {
          const error = toMcpError(e);
          state.fail(error);
          throw new McpError({ kind: "protocol", code: ErrorCode.InternalError, message: error.message });
        }
        host.emit({
          type: "roundStarted",
          callId: state.callId,
          round: state.round,
          era: "legacy",
          serverRequestId: request.id,
          inputRequests: { [key]: input },
          requestState: undefined,
          decodedState: undefined,
          at: host.clock.now(),
        });
      }
      this.#open.set(state, open + 1);
      release = host.hold(found[0]);
    }
    const round = state?.round ?? 0;
    // What the call runs with; a request tied to no call is answered with the client's context of now.
    const context = state?.context ?? host.context();
    // Step mode holds the answer itself: in this era it is what goes back to the server.
    const review = state
      ? async (response: InputResponse): Promise<InputResponse> => {
          const draft = { era: "legacy" as const, callId: state.callId, method: state.method, round, params: state.params, inputResponses: { [key]: response } };
          const held = await hold(host, state, draft);
          return held.draft.inputResponses[key] ?? response;
        }
      : undefined;
    try {
      const callSignal = state?.signal ?? new AbortController().signal;
      const slot = { context, callId: state?.callId, round, key, era: "legacy" as const, signal: signal ? AbortSignal.any([callSignal, signal]) : callSignal };
      const response = await answerOne(host, slot, input, review);
      return response as unknown as Record<string, unknown>;
    } catch (e) {
      const error = toMcpError(e, "unsupported");
      if (state && (error.kind === "unsupported" || error.kind === "cancelled")) state.fail(error);
      throw wireError(error, input.method, paramsOf(input), context.declared);
    } finally {
      if (state) this.#open.set(state, (this.#open.get(state) ?? 1) - 1);
      release();
    }
  }
}

/** The error the server gets back: the codes the spec suggests for each refusal (MCP "Error Handling"). */
function wireError(error: McpError, method: string, params: Record<string, unknown>, declared: ClientCapabilities): McpError {
  if (error.code !== undefined) return error;
  // Each kind says when a refusal of its request means the request itself was wrong.
  const invalid = inputKindOf(method, params)?.invalidParams?.(declared) === true;
  const code =
    error.kind === "protocol" && invalid
      ? ErrorCode.InvalidParams
      : error.kind === "protocol" || error.kind === "unsupported"
        ? ErrorCode.MethodNotFound
        : ErrorCode.InternalError;
  return new McpError({ kind: error.kind, code, message: error.message });
}
