import type { JsonRpcErrorObject } from "./messages";
import { errorCodeName } from "../protocol/codes";

/**
 * Where a failure came from:
 * - protocol: the peer answered with a JSON-RPC error, or broke the protocol;
 * - unsupported: the server asked for input this client declared but cannot give;
 * - transport: the bytes did not get there or back (HTTP status, network, bad frame);
 * - timeout, cancelled, closed: the request was given up;
 * - tooManyRounds: an input flow passed the client's round cap;
 * - state: a requestState token could not be read or verified locally.
 */
export type ErrorKind =
  | "protocol"
  | "unsupported"
  | "transport"
  | "timeout"
  | "cancelled"
  | "closed"
  | "tooManyRounds"
  | "state";

export interface McpErrorInit {
  kind: ErrorKind;
  message: string;
  code?: number;
  data?: unknown;
  status?: number;
  cause?: unknown;
}

/** The one error type of the cores: a kind, plus the JSON-RPC code and data when a peer sent them. */
export class McpError extends Error {
  readonly kind: ErrorKind;
  readonly code: number | undefined;
  readonly data: unknown;
  /** HTTP status, when the failure came with one. */
  readonly status: number | undefined;

  constructor(init: McpErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "McpError";
    this.kind = init.kind;
    this.code = init.code;
    this.data = init.data;
    this.status = init.status;
  }

  /** A JSON-RPC error object from the peer becomes a `protocol` error with its code and data kept. */
  static fromRpc(error: JsonRpcErrorObject, status?: number): McpError {
    const name = errorCodeName(error.code);
    return new McpError({
      kind: "protocol",
      message: error.message,
      code: error.code,
      data: error.data,
      status,
      cause: name,
    });
  }

  toJson(): JsonRpcErrorObject {
    return this.data === undefined
      ? { code: this.code ?? -32603, message: this.message }
      : { code: this.code ?? -32603, message: this.message, data: this.data };
  }
}

export function isMcpError(e: unknown): e is McpError {
  return e instanceof McpError;
}

/** Wraps anything thrown into an McpError, keeping one that already is. */
export function toMcpError(e: unknown, kind: ErrorKind = "transport"): McpError {
  if (e instanceof McpError) return e;
  if (e instanceof Error && e.name === "AbortError") return new McpError({ kind: "cancelled", message: "cancelled", cause: e });
  return new McpError({ kind, message: e instanceof Error ? e.message : String(e), cause: e });
}

export type Result<T, E = McpError> = { ok: true; value: T } | { ok: false; error: E };

/** Runs a command and returns its outcome as a value, for callers that prefer not to catch. */
export async function attempt<T>(run: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (e) {
    return { ok: false, error: toMcpError(e) };
  }
}
