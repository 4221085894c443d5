import { McpError } from "../errors";
import { isObject } from "../util/isObject";
import type { ClientCapabilities, InputRequest, InputResponse } from "../protocol/types";
import { inputKindOf, isInputKindMethod, paramsOf } from "../input/registry";
import type { InputContext, InputHandlers } from "./options";

/** Checks an input request from the server before anything acts on it: it is untrusted input. */
export function checkInputRequest(key: string, value: unknown): InputRequest {
  if (!isObject(value) || typeof value.method !== "string") {
    throw new McpError({ kind: "protocol", message: `input request "${key}" is not an object with a method` });
  }
  if (!isInputKindMethod(value.method)) {
    throw new McpError({ kind: "protocol", message: `input request "${key}" has an unknown method: ${value.method.slice(0, 80)}` });
  }
  if (value.params !== undefined && !isObject(value.params)) {
    throw new McpError({ kind: "protocol", message: `input request "${key}" has params that are not an object` });
  }
  const request = value as unknown as InputRequest;
  const params = paramsOf(request);
  const kind = inputKindOf(request.method, params);
  if (!kind) throw new McpError({ kind: "protocol", message: `input request "${key}" is of no kind this client knows: ${request.method}` });
  kind.checkRequest(key, params);
  return request;
}

/**
 * Answers one input request with the client's handler. A kind the client never declared is the
 * server's violation (protocol); a declared kind without a handler is ours (unsupported).
 */
export async function answerInput(
  request: InputRequest,
  declared: ClientCapabilities,
  handlers: InputHandlers,
  ctx: InputContext,
): Promise<InputResponse> {
  const params = paramsOf(request);
  const kind = inputKindOf(request.method, params);
  if (!kind || !kind.covered(declared, params)) {
    const what = kind?.undeclared ? kind.undeclared(declared, params) : request.method;
    throw new McpError({
      kind: "protocol",
      message: `the server asked for ${what}, which this client did not declare`,
      reason: { type: "undeclaredInput", key: ctx.key, method: request.method },
    });
  }
  // Looked up by method, as the SDKs do: a kind added to the registry needs no branch here.
  const response = await call(handlers[request.method], request.method, (request.params ?? {}) as never, ctx);
  if (!isObject(response)) {
    throw new McpError({ kind: "unsupported", message: `the ${request.method} handler returned no result object` });
  }
  const problem = kind.replyProblem?.(params, response);
  if (problem) throw new McpError({ kind: "unsupported", message: `the ${kind.words.short} reply cannot be sent: ${problem}` });
  return response as unknown as InputResponse;
}

async function call(handler: InputHandlers[string], method: string, params: never, ctx: InputContext): Promise<unknown> {
  if (!handler) {
    throw new McpError({
      kind: "unsupported",
      message: `the server asked for ${method}: this client declares the capability but has no handler for it`,
      reason: { type: "undeclaredInput", key: ctx.key, method },
    });
  }
  return handler(params, ctx);
}
