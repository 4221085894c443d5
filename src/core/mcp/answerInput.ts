import { McpError } from "../errors";
import { covers, elicitationMode } from "../protocol/capabilities";
import { isObject } from "../util/isObject";
import { INPUT_KINDS, type ClientCapabilities, type InputRequest, type InputResponse } from "../protocol/types";
import { samplingMessagesProblem, samplingReplyProblem } from "../protocol/samplingTools";
import { checkElicitationUrl, checkRequestedSchema } from "./inputLimits";
import type { InputContext, InputHandlers } from "./options";

/** Checks an input request from the server before anything acts on it: it is untrusted input. */
export function checkInputRequest(key: string, value: unknown): InputRequest {
  if (!isObject(value) || typeof value.method !== "string") {
    throw new McpError({ kind: "protocol", message: `input request "${key}" is not an object with a method` });
  }
  if (!INPUT_KINDS.includes(value.method as never)) {
    throw new McpError({ kind: "protocol", message: `input request "${key}" has an unknown method: ${value.method.slice(0, 80)}` });
  }
  if (value.params !== undefined && !isObject(value.params)) {
    throw new McpError({ kind: "protocol", message: `input request "${key}" has params that are not an object` });
  }
  const request = value as unknown as InputRequest;
  if (request.method === "elicitation/create") {
    const p = request.params as unknown as Record<string, unknown>;
    if (typeof p?.message !== "string") throw new McpError({ kind: "protocol", message: `elicitation "${key}" has no message` });
    if (elicitationMode(request) === "url" && typeof p.url !== "string") {
      throw new McpError({ kind: "protocol", message: `URL elicitation "${key}" has no url` });
    }
    if (elicitationMode(request) === "form" && !isObject(p.requestedSchema)) {
      throw new McpError({ kind: "protocol", message: `form elicitation "${key}" has no requestedSchema object` });
    }
    // Hostile content: links that would run code, schemas deep or recursive enough to hurt.
    if (elicitationMode(request) === "url") checkElicitationUrl(key, p.url as string);
    else checkRequestedSchema(key, p.requestedSchema);
  }
  if (request.method === "sampling/createMessage") {
    const p = request.params as unknown as Record<string, unknown>;
    if (!Array.isArray(p?.messages)) throw new McpError({ kind: "protocol", message: `sampling request "${key}" has no messages` });
    // Sampling with tools (2025-11-25): tool_use answered by tool_result, tool_result never mixed.
    const problem = samplingMessagesProblem(p);
    if (problem) throw new McpError({ kind: "protocol", message: `sampling request "${key}": ${problem}`, reason: { type: "badInputRequest", key } });
  }
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
  if (!covers(declared, request)) {
    const what =
      request.method === "elicitation/create"
        ? `elicitation (${elicitationMode(request)} mode)`
        : request.method === "sampling/createMessage" && isObject(declared.sampling)
          ? "sampling with tools (tools or toolChoice), but sampling.tools"
          : request.method;
    throw new McpError({
      kind: "protocol",
      message: `the server asked for ${what}, which this client did not declare`,
      reason: { type: "undeclaredInput", key: ctx.key, method: request.method },
    });
  }
  const params = (request.params ?? {}) as never;
  let response: unknown;
  switch (request.method) {
    case "elicitation/create":
      response = await call(handlers["elicitation/create"], request.method, params, ctx);
      break;
    case "sampling/createMessage":
      response = await call(handlers["sampling/createMessage"], request.method, params, ctx);
      break;
    case "roots/list":
      response = await call(handlers["roots/list"], request.method, params, ctx);
      break;
  }
  if (!isObject(response)) {
    throw new McpError({ kind: "unsupported", message: `the ${request.method} handler returned no result object` });
  }
  if (request.method === "sampling/createMessage") {
    // The reply goes to the server as is: text, or tool_use blocks naming tools it offered.
    const problem = samplingReplyProblem(params, response);
    if (problem) throw new McpError({ kind: "unsupported", message: `the sampling reply cannot be sent: ${problem}` });
  }
  return response as unknown as InputResponse;
}

async function call<P, R>(handler: ((p: P, ctx: InputContext) => R | Promise<R>) | undefined, method: string, params: P, ctx: InputContext): Promise<R> {
  if (!handler) {
    throw new McpError({
      kind: "unsupported",
      message: `the server asked for ${method}: this client declares the capability but has no handler for it`,
      reason: { type: "undeclaredInput", key: ctx.key, method },
    });
  }
  return handler(params, ctx);
}
