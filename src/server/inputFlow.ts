import {
  covers,
  elicitationMode,
  mergeCapabilities,
  requiredCapability,
  ErrorCode,
  INPUT_KINDS,
  isObject,
  type ClientCapabilities,
  type InputRequest,
  type InputRequests,
  type InputResponses,
  type JsonValue,
  type Connection,
  McpError,
  toMcpError,
  type RequestId,
} from "../core/protocol";
import { RoundContext, type RequestBase } from "./context";
import { isInputRequired, type HandlerContext, type InputRequired } from "./definitions";
import { internalError, invalidParams, rpcError } from "./rpcError";
import type { McpServer } from "./server";
import { signState, verifyState } from "./token";

/** What the request-specific code gives the flow: how to run the handler, how to finish the result. */
export interface FlowSpec<R> {
  /** Runs the handler for one round; what it throws fails the request as a rejection would. */
  invoke: (ctx: HandlerContext) => R | InputRequired | Promise<R | InputRequired>;
  finish: (ret: R, tookInput: boolean) => Record<string, unknown>;
  /** How a refusal to ask is reported on initialize-era sessions (tools: an isError result). */
  legacyRefusal: (message: string, requiredCapabilities?: ClientCapabilities) => Record<string, unknown>;
}

/** Checks the shape of what a handler asked for; a malformed request is the server's own bug. */
export function checkInputRequests(requests: InputRequests): void {
  if (!isObject(requests)) throw internalError("handler returned inputRequests that are not an object");
  for (const [key, r] of Object.entries(requests)) {
    if (!isObject(r) || !INPUT_KINDS.includes(r.method as never)) {
      throw internalError(`handler asked for input "${key}" with an unknown method`);
    }
  }
}

export function missingCapabilities(requests: InputRequests, declared: ClientCapabilities): ClientCapabilities | undefined {
  // A loop, not filter().map(): every round that asks checks this, and almost always nothing is missing.
  let missing: ClientCapabilities[] | undefined;
  for (const r of Object.values(requests)) if (!covers(declared, r)) (missing ??= []).push(requiredCapability(r));
  return missing && mergeCapabilities(...missing);
}

export function describeMissing(caps: ClientCapabilities): string {
  const parts: string[] = [];
  if (isObject(caps.elicitation)) {
    parts.push(isObject(caps.elicitation.url) ? "elicitation (url mode)" : "elicitation");
  }
  if (isObject(caps.sampling)) parts.push(isObject(caps.sampling.tools) ? "sampling (with tools)" : "sampling");
  if (isObject(caps.roots)) parts.push("roots");
  return `Server requires the ${parts.join(", ")} capability for this request, which the client did not declare`;
}

export function readInputResponses(params: Record<string, unknown>): InputResponses {
  const value = params.inputResponses;
  if (value === undefined) return {};
  const valid = isObject(value) && Object.values(value).every(isObject);
  if (!valid) throw invalidParams("inputResponses must be an object that maps each key to a result object");
  return value as unknown as InputResponses;
}

/**
 * 2026-07-28 (SEP-2322): one round per request. The state comes back in `requestState`, verified
 * against method, params and caller; the handler's next question goes out as `input_required`.
 * Not async: a handler that answers at once (most tools) is finished at once, with no async frame
 * per round; what this throws reaches the caller (which awaits it) as a rejection would.
 */
export function runModernFlow<R>(server: McpServer, base: RequestBase, spec: FlowSpec<R>): Record<string, unknown> | Promise<Record<string, unknown>> {
  const { params } = base;
  const token = params.requestState;
  let state: JsonValue | undefined;
  if (token !== undefined) {
    if (typeof token !== "string") throw invalidParams("requestState must be a string");
    // The request base is the token's scope as it is (its method, params and caller).
    const verified = verifyState(server.stateKey, token, base, server.clock.now(), server.stateCrypto);
    if (!verified.ok) throw invalidParams(verified.message, { reason: verified.reason });
    state = verified.state;
  }
  const inputResponses = readInputResponses(params);
  const tookInput = token !== undefined || params.inputResponses !== undefined;
  const ret = spec.invoke(new RoundContext(base, inputResponses, state));
  return isThenable(ret)
    ? Promise.resolve(ret).then((settled) => modernOutcome(server, base, spec, settled, tookInput))
    : modernOutcome(server, base, spec, ret, tookInput);
}

/** What `await` would wait for. */
function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === "object" || typeof value === "function") && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/** A modern round's result from what its handler returned: the finished result, or `input_required`. */
function modernOutcome<R>(server: McpServer, base: RequestBase, spec: FlowSpec<R>, ret: R | InputRequired, tookInput: boolean): Record<string, unknown> {
  if (!isInputRequired(ret)) return spec.finish(ret, tookInput);
  checkInputRequests(ret.inputRequests);
  const missing = missingCapabilities(ret.inputRequests, base.clientCapabilities);
  if (missing) throw rpcError(ErrorCode.MissingRequiredClientCapability, describeMissing(missing), { requiredCapabilities: missing });
  const result: Record<string, unknown> = { resultType: "input_required" };
  if (Object.keys(ret.inputRequests).length > 0) result.inputRequests = ret.inputRequests;
  if (ret.state !== undefined) {
    result.requestState = signState(server.stateKey, ret.state, base, server.clock.now(), server.stateTtlMs, server.stateCrypto);
  }
  if (result.inputRequests === undefined && result.requestState === undefined) {
    throw internalError("handler asked for input but gave neither input requests nor state");
  }
  return result;
}

/**
 * A random id from getRandomValues: `crypto.randomUUID` exists only in secure contexts, and the
 * embedded server also runs from plain-http static hosting.
 */
function randomId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Shapes one input request for a live server→client request on an older revision. */
export function legacyParams(request: InputRequest, revision: string): Record<string, unknown> {
  const params: Record<string, unknown> = { ...(request.params ?? {}) };
  if (request.method === "elicitation/create") {
    if (revision < "2025-11-25") delete params.mode;
    else if (elicitationMode(request) === "url" && params.elicitationId === undefined) {
      params.elicitationId = randomId();
    }
  }
  return params;
}

/**
 * Initialize-era sessions: the same handler, but each question becomes a live request to the client
 * and the handler is called again with the answers, all within the one client request.
 */
export async function runLegacyFlow<R>(
  server: McpServer,
  base: RequestBase,
  spec: FlowSpec<R>,
  connection: Connection,
  requestId: RequestId,
): Promise<Record<string, unknown>> {
  let inputResponses: InputResponses = {};
  let state: JsonValue | undefined;
  for (let round = 1; round <= server.maxLegacyRounds; round++) {
    const ret = await spec.invoke(new RoundContext(base, inputResponses, state));
    if (!isInputRequired(ret)) return spec.finish(ret, round > 1);
    checkInputRequests(ret.inputRequests);
    const missing = missingCapabilities(ret.inputRequests, base.clientCapabilities);
    if (missing) return spec.legacyRefusal(describeMissing(missing), missing);
    const entries = Object.entries(ret.inputRequests);
    const answers = await Promise.allSettled(
      entries.map(([, r]) =>
        connection.request(r.method, legacyParams(r, base.revision), { relatedRequestId: requestId, signal: base.abort.signal }),
      ),
    );
    if (base.abort.signal.aborted) throw new McpError({ kind: "cancelled", message: "request was cancelled by the client" });
    const failed = answers.findIndex((a) => a.status === "rejected");
    if (failed >= 0) {
      const reason = toMcpError((answers[failed] as PromiseRejectedResult).reason);
      const entry = entries[failed];
      return spec.legacyRefusal(`The client could not answer ${entry?.[1].method} ("${entry?.[0]}"): ${reason.message}`);
    }
    inputResponses = Object.fromEntries(
      entries.map(([key], i) => [key, (answers[i] as PromiseFulfilledResult<Record<string, unknown>>).value]),
    ) as unknown as InputResponses;
    state = ret.state;
  }
  return spec.legacyRefusal(`The server gave up after ${server.maxLegacyRounds} rounds of input`);
}
