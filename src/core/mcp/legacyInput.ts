import { McpError, toMcpError } from "../jsonrpc/errors";
import type { JsonRpcRequest, RequestId } from "../jsonrpc/messages";
import { ErrorCode } from "../protocol/codes";
import { INPUT_KINDS, type InputResponse } from "../protocol/types";
import { answerInput, checkInputRequest } from "./answerInput";
import type { Client } from "./client";
import { hold, type CallState } from "./inputDriver";

interface Tracked {
  state: CallState;
  /** Requests of the current round still unanswered; a request that finds none open starts a round. */
  open: number;
}

/**
 * Initialize-era input: the server asks with live requests inside a call. They are answered with the
 * same handlers as 2026-07-28 rounds. A round is a set of server requests that overlap in time (the
 * wire has no round marker); while one is open the call's timeout is held, since a person may be typing.
 */
export class LegacyInput {
  readonly #client: Client;
  readonly #calls = new Map<RequestId, Tracked>();

  constructor(client: Client) {
    this.#client = client;
  }

  /** Registers a call's request id before it is sent, so server requests on its stream find it. */
  track(id: RequestId, state: CallState): () => void {
    this.#calls.set(id, { state, open: 0 });
    return () => this.#calls.delete(id);
  }

  callOf(requestId: RequestId): string | undefined {
    return this.#calls.get(requestId)?.state.callId;
  }

  #find(relatedRequestId: RequestId | undefined): [RequestId, Tracked] | undefined {
    if (relatedRequestId !== undefined) {
      const tracked = this.#calls.get(relatedRequestId);
      if (tracked) return [relatedRequestId, tracked];
    }
    // Transports without per-request streams (in-process, stdio): one call in flight is unambiguous.
    return this.#calls.size === 1 ? [...this.#calls.entries()][0] : undefined;
  }

  async answer(request: JsonRpcRequest, relatedRequestId: RequestId | undefined): Promise<Record<string, unknown>> {
    if (request.method === "ping") return {};
    if (!INPUT_KINDS.includes(request.method as never)) {
      throw new McpError({ kind: "protocol", code: ErrorCode.MethodNotFound, message: `Method not found: ${request.method}` });
    }
    const key = String(request.id);
    let input;
    try {
      input = checkInputRequest(key, { method: request.method, params: request.params ?? {} });
    } catch (e) {
      throw new McpError({ kind: "protocol", code: ErrorCode.InvalidParams, message: toMcpError(e).message });
    }
    const client = this.#client;
    const found = this.#find(relatedRequestId);
    const tracked = found?.[1];
    const state = tracked?.state;
    let release = (): void => undefined;
    if (found && tracked && state) {
      if (tracked.open === 0) {
        state.round++;
        if (state.round > state.maxRounds) {
          const error = new McpError({
            kind: "tooManyRounds",
            message: `${state.method} asked for input ${state.round} times; the cap is ${state.maxRounds} rounds`,
            data: { rounds: state.round, maxRounds: state.maxRounds },
          });
          state.fail(error);
          throw new McpError({ kind: "protocol", code: ErrorCode.InternalError, message: error.message });
        }
        client.emit({
          type: "roundStarted",
          callId: state.callId,
          round: state.round,
          era: "legacy",
          serverRequestId: request.id,
          inputRequests: { [key]: input },
          requestState: undefined,
          decodedState: undefined,
          at: client.clock.now(),
        });
      }
      tracked.open++;
      release = client.connection.hold(found[0]);
    }
    const round = state?.round ?? 0;
    const callId = state?.callId;
    const at = client.clock.now();
    client.emit({ type: "inputRequested", callId: callId ?? "", round, key, request: input, at });
    try {
      const ctx = { key, round, callId, era: "legacy" as const, signal: state?.signal ?? new AbortController().signal };
      let response: InputResponse = await answerInput(input, client.declared, client.handlers, ctx);
      if (state) {
        const draft = { era: "legacy" as const, callId: state.callId, method: state.method, round, params: state.params, inputResponses: { [key]: response } };
        const held = await hold(client, state, draft);
        response = held.draft.inputResponses[key] ?? response;
      }
      client.emit({ type: "inputAnswered", callId: callId ?? "", round, key, response, at: client.clock.now(), ms: client.clock.now() - at });
      return response as unknown as Record<string, unknown>;
    } catch (e) {
      const error = toMcpError(e, "unsupported");
      client.emit({ type: "inputAnswered", callId: callId ?? "", round, key, response: undefined, error, at: client.clock.now(), ms: client.clock.now() - at });
      if (state && (error.kind === "unsupported" || error.kind === "cancelled")) state.fail(error);
      throw wireError(error, request.method);
    } finally {
      if (tracked) tracked.open--;
      release();
    }
  }
}

/** The error the server gets back: the codes the spec suggests for each refusal (brief §3.3). */
function wireError(error: McpError, method: string): McpError {
  if (error.code !== undefined) return error;
  const code =
    error.kind === "protocol" && method === "elicitation/create"
      ? ErrorCode.InvalidParams
      : error.kind === "protocol" || error.kind === "unsupported"
        ? ErrorCode.MethodNotFound
        : ErrorCode.InternalError;
  return new McpError({ kind: error.kind, code, message: error.message });
}
