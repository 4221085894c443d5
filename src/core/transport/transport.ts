import type { JsonRpcMessage, RequestId } from "../jsonrpc/messages";
import type { McpError } from "../jsonrpc/errors";

/** Per-message options a sender may give; each transport uses what applies to it. */
export interface SendOptions {
  /** Extra HTTP headers for this POST (the `Mcp-Param-*` mirrors); ignored off HTTP. */
  headers?: Record<string, string>;
  /** Aborting gives up the request; on 2026-07-28 HTTP that closes its response stream. */
  signal?: AbortSignal;
  /** Server side: the client request this message belongs to, so it rides on that request's stream. */
  relatedRequestId?: RequestId;
  /**
   * The message as JSON text, when the sender already has it (the connection serializes every
   * frame for its log): a transport that writes text sends this instead of serializing again.
   */
  raw?: string;
}

/**
 * What a transport reports. A `message` has passed `parseFrame`; `raw` is the text as it came off
 * the wire (for the log's sizes and for showing frames exactly as the peer sent them).
 */
export type TransportEvent =
  | { type: "message"; message: JsonRpcMessage; raw: string; relatedRequestId?: RequestId }
  /** With `raw`: a frame that could not be parsed (logged, fails nothing). Without: the stream of
   * `relatedRequestId` broke before its response, so that request fails. */
  | { type: "error"; error: McpError; raw?: string; relatedRequestId?: RequestId }
  | { type: "close"; reason?: string };

/**
 * What a transport can do, so the client asks instead of recognising transports by kind.
 */
export interface TransportCapabilities {
  /**
   * Per-message HTTP headers reach the server: `Mcp-Param-*` mirrors are sent, and tools whose
   * `x-mcp-header` annotations break SEP-2243 are dropped from listings.
   */
  readonly paramHeaders: boolean;
  /**
   * Aborting a request closes its own response stream, and that is the cancellation the server sees
   * (Streamable HTTP); elsewhere the client says so with `notifications/cancelled`.
   */
  readonly abortClosesStream: boolean;
  /** `openStandaloneStream()` opens a stream for server messages tied to no request (HTTP GET). */
  readonly standaloneStream: boolean;
  /** The server may keep a session id across messages (HTTP `Mcp-Session-Id`). */
  readonly sessions: boolean;
}

/** The wire, reduced to ordered writes and a stream of events (vscode-jsonrpc's reader/writer). */
export interface Transport {
  /** For display and logs only; behaviour follows `capabilities`. */
  readonly kind: "in-process" | "http" | "stdio" | "bridge";
  readonly capabilities: TransportCapabilities;
  /**
   * Writes one message. Resolves once the peer has it; rejects (kind `transport`) when it could not
   * be delivered, for example an HTTP status without a JSON-RPC body.
   */
  send(message: JsonRpcMessage, options?: SendOptions): Promise<void>;
  subscribe(listener: (event: TransportEvent) => void): () => void;
  /** The negotiated revision, so HTTP can stamp MCP-Protocol-Version and pick its flavour. */
  setProtocolVersion?(revision: string | undefined): void;
  /** Legacy HTTP: opens the GET stream that carries server messages tied to no request (2025-03-26 on). */
  openStandaloneStream?(): Promise<void>;
  close(): Promise<void>;
}
