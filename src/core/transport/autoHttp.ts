import { Emitter } from "../jsonrpc/events";
import { McpError } from "../errors";
import { LegacySseTransport, type LegacySseOptions } from "./legacySse";
import { StreamableHttpTransport, type StreamableHttpOptions } from "./streamableHttp";
import type { HumanWaits } from "../jsonrpc/humanWaits";
import type { SendOptions, Transport, TransportCapabilities, TransportEvent } from "./transport";

export type AutoHttpOptions = StreamableHttpOptions & Pick<LegacySseOptions, "endpointTimeoutMs">;

/**
 * "auto" for an HTTP URL, as the spec's backwards-compatibility section says: the first message is
 * POSTed as Streamable HTTP; if that fails with an HTTP 4xx (405 or 404 from an old server, but not
 * 401/403, which are sign-in's business), the client GETs the URL expecting the 2024-11-05 SSE stream
 * and its `endpoint` event, and goes on over HTTP+SSE.
 */
export class AutoHttpTransport implements Transport {
  readonly kind = "http" as const;
  readonly #url: string;
  readonly #options: AutoHttpOptions;
  readonly #events = new Emitter<TransportEvent>();
  #current: Transport;
  #unsubscribe: () => void;
  #decided = false;
  #revision: string | undefined;

  constructor(url: string, options: AutoHttpOptions = {}) {
    this.#url = url;
    this.#options = options;
    this.#current = new StreamableHttpTransport(url, options);
    this.#unsubscribe = this.#current.subscribe((event) => this.#events.emit(event));
  }

  /** The sign-in's waits on a person (HttpAuth.humanWaits), whichever transport carries the messages. */
  get humanWaits(): HumanWaits | undefined {
    return this.#options.auth?.humanWaits;
  }

  /** Which transport "auto" settled on: undefined until the first message got through. */
  get chosen(): "streamable-http" | "http+sse" | undefined {
    if (!this.#decided) return undefined;
    return this.#current instanceof LegacySseTransport ? "http+sse" : "streamable-http";
  }

  /** Those of the transport in use: Streamable HTTP's until the fallback, then HTTP+SSE's. */
  get capabilities(): TransportCapabilities {
    return this.#current.capabilities;
  }

  get current(): Transport {
    return this.#current;
  }

  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.#events.subscribe(listener);
  }

  setProtocolVersion(revision: string | undefined): void {
    this.#revision = revision;
    this.#current.setProtocolVersion?.(revision);
  }

  async openStandaloneStream(): Promise<void> {
    await this.#current.openStandaloneStream?.();
  }

  async send(message: Parameters<Transport["send"]>[0], options?: SendOptions): Promise<void> {
    if (this.#decided) return this.#current.send(message, options);
    try {
      await this.#current.send(message, options);
      this.#decided = true;
    } catch (error) {
      const status = error instanceof McpError ? error.status : undefined;
      // Only initialize decides: a 2026-07-28 probe (server/discover) that fails is the client's to
      // retry with initialize, which then comes here.
      const initialize = "method" in message && message.method === "initialize";
      if (!initialize || status === undefined || status < 400 || status >= 500 || status === 401 || status === 403) throw error;
      // An old server: fall back to HTTP+SSE on the same URL.
      this.#unsubscribe();
      await this.#current.close().catch(() => undefined);
      const legacy = new LegacySseTransport(this.#url, {
        ...(this.#options.headers ? { headers: this.#options.headers } : {}),
        ...(this.#options.fetch ? { fetch: this.#options.fetch } : {}),
        ...(this.#options.auth ? { auth: this.#options.auth } : {}),
        ...(this.#options.endpointTimeoutMs !== undefined ? { endpointTimeoutMs: this.#options.endpointTimeoutMs } : {}),
      });
      this.#current = legacy;
      this.#unsubscribe = legacy.subscribe((event) => this.#events.emit(event));
      legacy.setProtocolVersion?.(this.#revision);
      try {
        await legacy.connect();
      } catch (fallback) {
        throw new McpError({
          kind: "transport",
          message: `Streamable HTTP answered HTTP ${status} and the HTTP+SSE fallback failed too: ${fallback instanceof Error ? fallback.message : String(fallback)}`,
          cause: fallback,
        });
      }
      this.#decided = true;
      await legacy.send(message, options);
    }
  }

  async close(): Promise<void> {
    this.#unsubscribe();
    await this.#current.close();
    this.#events.emit({ type: "close", reason: "closed" });
    this.#events.clear();
  }
}
