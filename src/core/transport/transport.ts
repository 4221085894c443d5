import type { Channel, ChannelEvent, SendOptions } from "../jsonrpc/channel";
import type { JsonRpcMessage } from "../jsonrpc/messages";
import type { ToolHeaderRules } from "./headers";
import type { HumanWaits } from "../jsonrpc/humanWaits";

export type { SendOptions } from "../jsonrpc/channel";
export type { ToolHeaderRules } from "./headers";

/** What a transport reports (the channel events a Connection reads). */
export type TransportEvent = ChannelEvent;

/**
 * What a transport can do, so the client asks instead of recognising transports by kind.
 */
export interface TransportCapabilities {
  /**
   * Per-message HTTP headers reach the server: `Mcp-Param-*` mirrors are sent, and tools whose
   * `x-mcp-header` annotations break SEP-2243 are dropped from listings, by these rules (false: no
   * headers). They come with the transport, so they load with the HTTP code, not with every client
   * (issue 21: first-view JS).
   */
  readonly paramHeaders: false | ToolHeaderRules;
  /**
   * Aborting a request closes its own response stream, and that is the cancellation the server sees
   * (Streamable HTTP); elsewhere the client says so with `notifications/cancelled`.
   */
  readonly abortClosesStream: boolean;
  /** `openStandaloneStream()` opens a stream for server messages tied to no request (HTTP GET). */
  readonly standaloneStream: boolean;
  /** The server may keep a session id across messages (HTTP `Mcp-Session-Id`). */
  readonly sessions: boolean;
  /**
   * `send()` never reads `SendOptions.signal`: a write is done at once and nothing of it can be
   * aborted (in-process). A caller may then cancel a request through the connection alone, without
   * making an AbortSignal for it. Absent means false: the signal is passed.
   */
  readonly sendIgnoresSignal?: boolean;
}

/** The wire, reduced to ordered writes and a stream of events (vscode-jsonrpc's reader/writer). */
export interface Transport extends Channel {
  /** For display and logs only; behaviour follows `capabilities`. */
  readonly kind: "in-process" | "http" | "stdio" | "bridge";
  readonly capabilities: TransportCapabilities;
  /**
   * Writes one message. Resolves once the peer has it; rejects (kind `transport`) when it could not
   * be delivered, for example an HTTP status without a JSON-RPC body.
   */
  send(message: JsonRpcMessage, options?: SendOptions): Promise<void>;
  subscribe(listener: (event: TransportEvent) => void): () => void;
  /**
   * Waits on a person this transport knows of (its sign-in window): the client's request timers stand
   * still while one is open.
   */
  readonly humanWaits?: HumanWaits | undefined;
  /** The negotiated revision, so HTTP can stamp MCP-Protocol-Version and pick its flavour. */
  setProtocolVersion?(revision: string | undefined): void;
  /** Legacy HTTP: opens the GET stream that carries server messages tied to no request (2025-03-26 on). */
  openStandaloneStream?(): Promise<void>;
  close(): Promise<void>;
}
