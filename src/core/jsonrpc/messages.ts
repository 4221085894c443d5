import { isObject } from "../util/isObject";
import { MAX_FRAME_DEPTH, MAX_FRAME_LENGTH, formatSize, mayNestDeeper, nestingDepth, type FrameProblem } from "./limits";

/** JSON-RPC 2.0 wire messages (jsonrpc.org/specification). Ids are strings or integers, never null. */
export type RequestId = string | number;

export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id: RequestId;
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcNotification {
  jsonrpc: "2.0";
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export interface JsonRpcResultResponse {
  jsonrpc: "2.0";
  id: RequestId;
  result: Record<string, unknown>;
}

export interface JsonRpcErrorResponse {
  jsonrpc: "2.0";
  id?: RequestId | null;
  error: JsonRpcErrorObject;
}

export type JsonRpcResponse = JsonRpcResultResponse | JsonRpcErrorResponse;
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

function isId(value: unknown): value is RequestId {
  return typeof value === "string" || (typeof value === "number" && Number.isInteger(value));
}

export function isRequest(m: unknown): m is JsonRpcRequest {
  return isObject(m) && typeof m.method === "string" && isId(m.id) && (m.params === undefined || isObject(m.params));
}

export function isNotification(m: unknown): m is JsonRpcNotification {
  return isObject(m) && typeof m.method === "string" && !("id" in m) && (m.params === undefined || isObject(m.params));
}

export function isResultResponse(m: unknown): m is JsonRpcResultResponse {
  return isObject(m) && isId(m.id) && isObject(m.result) && !("method" in m);
}

export function isErrorResponse(m: unknown): m is JsonRpcErrorResponse {
  return (
    isObject(m) &&
    isObject(m.error) &&
    typeof m.error.code === "number" &&
    typeof m.error.message === "string" &&
    !("method" in m)
  );
}

export function isResponse(m: unknown): m is JsonRpcResponse {
  return isResultResponse(m) || isErrorResponse(m);
}

/** A value is a JSON-RPC message when one of the four guards accepts it and it says jsonrpc "2.0". */
export function isMessage(m: unknown): m is JsonRpcMessage {
  return isObject(m) && m.jsonrpc === "2.0" && (isRequest(m) || isNotification(m) || isResponse(m));
}

export type ParsedFrame = { ok: true; message: JsonRpcMessage } | { ok: false; reason: string; problem: FrameProblem };

/** Why a parsed value is not a JSON-RPC message, in words for the wire log. */
function notMessage(value: unknown): string {
  if (!isObject(value)) return `not a JSON-RPC 2.0 message (a JSON ${value === null ? "null" : typeof value})`;
  if (value.jsonrpc !== "2.0") return "not a JSON-RPC 2.0 message (no jsonrpc \"2.0\")";
  if ("result" in value && !isObject(value.result)) return "not a JSON-RPC 2.0 message (result is not an object)";
  if ("error" in value) return "not a JSON-RPC 2.0 message (error is not {code, message})";
  return "not a JSON-RPC 2.0 message";
}

/** What a JSON value can start with (RFC 8259 section 3), matched where the first non-whitespace character is. */
const JSON_START = /[-{["\d]|true|false|null/y;

/**
 * Why `text` cannot be JSON, found from its first character that is not JSON whitespace (RFC 8259
 * section 2: a value starts with one of `{ [ " - 0-9 t f n`); undefined when it may be. A stdio
 * server's log lines on stdout are refused this way without JSON.parse throwing, whose error (its
 * message and stack) costs twenty times what the check does.
 */
function cannotBeJson(text: string): string | undefined {
  const i = text.search(/[^ \t\n\r]/);
  if (i < 0) return "the frame is empty";
  // t, f and n only as the literals true, false and null: a log line "now listening" is not JSON.
  JSON_START.lastIndex = i;
  if (JSON_START.test(text)) return undefined;
  return `unexpected ${JSON.stringify(String.fromCodePoint(text.codePointAt(i) as number))} at position ${i}`;
}

/**
 * Parses one frame of text at the transport edge: only well-formed single messages pass. Frames over
 * MAX_FRAME_LENGTH or nested past MAX_FRAME_DEPTH are refused before JSON.parse sees them.
 */
export function parseFrame(text: string): ParsedFrame {
  if (text.length > MAX_FRAME_LENGTH) {
    return { ok: false, problem: "tooLarge", reason: `the frame is ${formatSize(text.length)}, over the ${formatSize(MAX_FRAME_LENGTH)} cap` };
  }
  if (mayNestDeeper(text) && nestingDepth(text) > MAX_FRAME_DEPTH) {
    return { ok: false, problem: "tooDeep", reason: `the frame nests deeper than ${MAX_FRAME_DEPTH} levels` };
  }
  const refused = cannotBeJson(text);
  if (refused !== undefined) return { ok: false, problem: "notJson", reason: `not JSON: ${refused}` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, problem: "notJson", reason: `not JSON: ${(e as Error).message}` };
  }
  if (Array.isArray(value)) return { ok: false, problem: "batch", reason: "JSON-RPC batches are not supported" };
  if (!isMessage(value)) return { ok: false, problem: "notMessage", reason: notMessage(value) };
  return { ok: true, message: value };
}

export function request(id: RequestId, method: string, params?: Record<string, unknown>): JsonRpcRequest {
  return params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params };
}

export function notification(method: string, params?: Record<string, unknown>): JsonRpcNotification {
  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };
}

export function resultResponse(id: RequestId, result: Record<string, unknown>): JsonRpcResultResponse {
  return { jsonrpc: "2.0", id, result };
}

export function errorResponse(id: RequestId | null, error: JsonRpcErrorObject): JsonRpcErrorResponse {
  return { jsonrpc: "2.0", id, error };
}
