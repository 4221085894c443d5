import { Emitter } from "../jsonrpc/events";
import { McpError, badFrameError } from "../errors";
import { parseFrame, type JsonRpcMessage, type RequestId } from "../jsonrpc/messages";
import type { SendOptions, Transport, TransportCapabilities, TransportEvent } from "./transport";

/**
 * One end of a linked in-process pair. Messages cross as JSON text, so neither side can share an
 * object with the other and every frame is checked as it would be off a real wire.
 */
class InProcessEnd implements Transport {
  readonly kind = "in-process" as const;
  readonly capabilities: TransportCapabilities = { paramHeaders: false, abortClosesStream: false, standaloneStream: false, sessions: false, sendIgnoresSignal: true };
  readonly #events = new Emitter<TransportEvent>();
  peer: InProcessEnd | undefined;
  #closed = false;

  async send(message: JsonRpcMessage, options?: SendOptions): Promise<void> {
    if (this.#closed || !this.peer || this.peer.#closed) {
      throw new McpError({ kind: "closed", message: "in-process transport is closed" });
    }
    this.sendRaw(options?.raw ?? JSON.stringify(message), options?.relatedRequestId);
  }

  /**
   * Writes text as is, with no JSON encoding: how a hostile server (src/server/hostile) or a test
   * puts a broken frame on this wire. The peer checks it like any other frame.
   */
  sendRaw(raw: string, relatedRequestId?: RequestId): void {
    if (this.#closed || !this.peer || this.peer.#closed) {
      throw new McpError({ kind: "closed", message: "in-process transport is closed" });
    }
    const peer = this.peer;
    // Deliver on a later task, as a socket would: a sender never re-enters itself synchronously.
    queueMicrotask(() => peer.deliver(raw, relatedRequestId));
  }

  /** Feeds raw text in as if it had arrived from the peer; also how tests inject broken frames. */
  deliver(raw: string, relatedRequestId?: RequestId): void {
    if (this.#closed) return;
    const parsed = parseFrame(raw);
    if (parsed.ok) {
      this.#events.emit(
        relatedRequestId === undefined
          ? { type: "message", message: parsed.message, raw }
          : { type: "message", message: parsed.message, raw, relatedRequestId },
      );
    } else {
      const error = badFrameError(`bad frame from peer: ${parsed.reason}`, parsed.problem);
      this.#events.emit(relatedRequestId === undefined ? { type: "error", raw, error } : { type: "error", raw, error, relatedRequestId });
    }
  }

  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.#events.subscribe(listener);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#events.emit({ type: "close", reason: "closed" });
    this.#events.clear();
    const peer = this.peer;
    if (peer && !peer.#closed) queueMicrotask(() => void peer.close());
  }
}

/** One end of the pair, with the raw-text doors tests and the hostile server use. */
export type InProcessTransport = Transport & {
  deliver(raw: string, relatedRequestId?: RequestId): void;
  sendRaw(raw: string, relatedRequestId?: RequestId): void;
};

/** A linked pair: what one end sends, the other receives. `client` and `server` are just names. */
export function inProcessPair(): { client: InProcessTransport; server: InProcessTransport } {
  const client = new InProcessEnd();
  const server = new InProcessEnd();
  client.peer = server;
  server.peer = client;
  return { client, server };
}
