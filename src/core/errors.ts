import type { FrameProblem } from "./jsonrpc/limits";
import type { JsonRpcErrorObject } from "./jsonrpc/messages";

export type { FrameProblem };

/**
 * Where a failure came from:
 * - protocol: the peer answered with a JSON-RPC error, or broke the protocol;
 * - unsupported: the server asked for input this client declared but cannot give;
 * - transport: the bytes did not get there or back (HTTP status, network, bad frame);
 * - timeout, cancelled, closed: the request was given up;
 * - tooManyRounds: an input flow passed the client's round cap;
 * - state: a requestState token could not be read or verified locally.
 */
export type ErrorKind = "protocol" | "unsupported" | "transport" | "timeout" | "cancelled" | "closed" | "tooManyRounds" | "state";

/** How a local server process ended: its exit code or signal, or why it never started; the last stderr lines. */
export interface ProcessExit {
  code: number | null;
  signal: string | null;
  error?: string;
  stderrTail: string[];
}

/**
 * What this side found wrong, when no peer sent the error: one case per local failure, so the UI
 * can explain it without reading the message. Errors a peer sent carry no reason.
 */
export type LocalReason =
  /** A frame could not be read (too large, not JSON, ...); nothing was run from it. */
  | { type: "badFrame"; problem: FrameProblem }
  /** A response stream ended or broke before its answer. */
  | { type: "streamCut" }
  /** The local bridge refused or failed; `code` is its own error code (bridgeProtocol.ts). */
  | { type: "bridge"; code: string }
  /** The stdio server process ended. */
  | { type: "exit"; exit: ProcessExit }
  /** A result that is not the shape MCP defines; `field` names what is wrong. */
  | { type: "badResult"; field: string }
  /** An input request the client will not show (too deep, a link that is not http(s), ...). */
  | { type: "badInputRequest"; key: string }
  /** A requestState too large to echo back. */
  | { type: "badRequestState"; length: number }
  /** The server asked for input this client did not declare, or declared without a handler. */
  | { type: "undeclaredInput"; key: string; method: string }
  /**
   * -32042 (URL elicitation required, 2025-11-25 only) not acted on: sent on a revision that does not
   * define it, malformed, or the same URLs asked for again after the user completed them `asked` times.
   */
  | { type: "urlRequired"; problem: "notInRevision" | "malformed" | "repeated"; revision: string | undefined; asked?: number }
  /** The call passed the client's round cap. */
  | { type: "roundCap"; rounds: number; maxRounds: number }
  /** A task the server described wrongly (a bad field, a status going backwards or unknown). */
  | { type: "badTask"; taskId?: string }
  /** A task the server no longer knows (expired, unknown id): it cannot be cancelled either. */
  | { type: "taskGone"; taskId: string };

export interface McpErrorInit {
  kind: ErrorKind;
  message: string;
  code?: number;
  /** The peer's `error.data`, exactly as it came; never local details (those go in `reason`). */
  data?: unknown;
  reason?: LocalReason;
  status?: number;
  cause?: unknown;
}

/**
 * The one error type of the cores: a kind; the JSON-RPC `code`, `message` and `data` exactly as a
 * peer sent them; and, for failures found on this side, a typed `reason`.
 */
export class McpError extends Error {
  readonly kind: ErrorKind;
  readonly code: number | undefined;
  readonly data: unknown;
  readonly reason: LocalReason | undefined;
  /** HTTP status, when the failure came with one. */
  readonly status: number | undefined;

  constructor(init: McpErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "McpError";
    this.kind = init.kind;
    this.code = init.code;
    this.data = init.data;
    this.reason = init.reason;
    this.status = init.status;
  }

  /** A JSON-RPC error object from the peer becomes a `protocol` error with its code, message and data untouched. */
  static fromRpc(error: JsonRpcErrorObject, status?: number): McpError {
    return new McpError({ kind: "protocol", message: error.message, code: error.code, data: error.data, status });
  }

  toJson(): JsonRpcErrorObject {
    return this.data === undefined
      ? { code: this.code ?? -32603, message: this.message }
      : { code: this.code ?? -32603, message: this.message, data: this.data };
  }
}

/** Bad-frame errors kept by their words; past this many the cache starts over. */
const BAD_FRAMES_KEPT = 64;
const badFrames = new Map<string, McpError>();

/**
 * The error of a frame that could not be read. The same words give the same error (an McpError is
 * never changed once made, so sharing one is sharing a value): a server printing thousands of log
 * lines on stdout costs a few Errors, not one per line, each costing microseconds for its stack.
 */
export function badFrameError(message: string, problem: FrameProblem): McpError {
  let error = badFrames.get(message);
  if (error === undefined) {
    if (badFrames.size >= BAD_FRAMES_KEPT) badFrames.clear();
    error = new McpError({ kind: "transport", message, reason: { type: "badFrame", problem } });
    badFrames.set(message, error);
  }
  return error;
}

/** Wraps anything thrown into an McpError, keeping one that already is. */
export function toMcpError(e: unknown, kind: ErrorKind = "transport"): McpError {
  if (e instanceof McpError) return e;
  if (e instanceof Error && e.name === "AbortError") return new McpError({ kind: "cancelled", message: "cancelled", cause: e });
  return new McpError({ kind, message: e instanceof Error ? e.message : String(e), cause: e });
}
