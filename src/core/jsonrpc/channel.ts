import type { McpError } from "../errors";
import type { JsonRpcMessage, RequestId } from "./messages";

/** Per-message options a sender may give; each transport uses what applies to it. */
export interface SendOptions {
  /** Extra HTTP headers for this message; a transport without headers ignores them. */
  headers?: Record<string, string>;
  /** Aborting gives up the request; a transport with a stream per request closes it. */
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
 * What the wire reports. A `message` has passed `parseFrame`; `raw` is the text as it came off
 * the wire (for the log's sizes and for showing frames exactly as the peer sent them).
 */
export type ChannelEvent =
  | {
      type: "message";
      message: JsonRpcMessage;
      raw: string;
      /** The request whose stream carried the message (a transport with a stream per request). */
      relatedRequestId?: RequestId;
      /**
       * The transport knows the message is tied to no request: it came on a stream of its own (the
       * Streamable HTTP standalone GET stream). With neither field set the transport cannot tell,
       * as when every message shares one pipe (in-process, stdio, HTTP+SSE).
       */
      unrelated?: true;
    }
  /** With `raw`: a frame that could not be parsed (logged, fails nothing). Without: the stream of
   * `relatedRequestId` broke before its response, so that request fails. */
  | { type: "error"; error: McpError; raw?: string; relatedRequestId?: RequestId }
  | { type: "close"; reason?: string };

/** Ordered writes and a stream of events: what a Connection runs over (a transport implements it). */
export interface Channel {
  send(message: JsonRpcMessage, options?: SendOptions): Promise<void>;
  subscribe(listener: (event: ChannelEvent) => void): () => void;
}
