import { Emitter } from "../jsonrpc/events";
import { McpError } from "../errors";
import { methodOf, snippet } from "./httpHeaders";
import { frameEvent } from "./httpStream";
import { readCappedText } from "./readBody";
import { readSse } from "./sse";
import { authStatus, type HttpAuth } from "./streamableHttp";
import type { HumanWaits } from "../jsonrpc/humanWaits";
import type { SendOptions, Transport, TransportCapabilities, TransportEvent } from "./transport";

export interface LegacySseOptions {
  /** Sent on every request, e.g. `Authorization`. */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /** Sign-in, as on Streamable HTTP (src/core/auth). */
  auth?: HttpAuth;
  /** How long to wait for the `endpoint` event after the stream opens (default 10 s). */
  endpointTimeoutMs?: number;
}

/**
 * The HTTP+SSE transport of 2024-11-05 ("Transports", since replaced by Streamable HTTP): a GET opens
 * an SSE stream whose first event, `endpoint`, names the URL to POST messages to; every server
 * message, answers included, comes down that one stream as a `message` event. The endpoint must be
 * on the stream's origin (a server cannot send our messages elsewhere).
 */
export class LegacySseTransport implements Transport {
  readonly kind = "http" as const;
  /** Answers come down the one GET stream, so aborting a POST cancels nothing: the client says so with
   * `notifications/cancelled`; the stream is always open (no standalone one to ask for); the session
   * lives in the endpoint URL, not in a header. */
  readonly capabilities: TransportCapabilities = { paramHeaders: false, abortClosesStream: false, standaloneStream: false, sessions: false };
  readonly #url: string;
  readonly #headers: Record<string, string>;
  readonly #fetch: typeof fetch;
  readonly #endpointTimeoutMs: number;
  readonly #events = new Emitter<TransportEvent>();
  readonly #stream = new AbortController();
  #endpoint: Promise<string> | undefined;
  #closed = false;

  /** The sign-in's waits on a person (HttpAuth.humanWaits), for the client's timers. */
  readonly humanWaits: HumanWaits | undefined;

  constructor(url: string, options: LegacySseOptions = {}) {
    this.humanWaits = options.auth?.humanWaits;
    this.#url = url;
    this.#headers = { ...options.headers };
    const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#fetch = options.auth ? options.auth.wrapFetch(baseFetch) : baseFetch;
    this.#endpointTimeoutMs = options.endpointTimeoutMs ?? 10_000;
  }

  /** Where messages are POSTed, once the server has said (undefined before). */
  endpoint: string | undefined;

  /** The negotiated revision, kept for display: this transport sends no version header. */
  revision: string | undefined;

  setProtocolVersion(revision: string | undefined): void {
    this.revision = revision;
  }

  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.#events.subscribe(listener);
  }

  /** Opens the stream and waits for its `endpoint` event; send() does this itself on first use. */
  connect(): Promise<string> {
    this.#endpoint ??= this.#open();
    return this.#endpoint;
  }

  async send(message: Parameters<Transport["send"]>[0], options: SendOptions = {}): Promise<void> {
    if (this.#closed) throw new McpError({ kind: "closed", message: "HTTP+SSE transport is closed" });
    const endpoint = await this.connect();
    const what = `POST ${methodOf(message)}`;
    const headers = new Headers(this.#headers);
    headers.set("Content-Type", "application/json");
    headers.set("Accept", "application/json, text/event-stream");
    let response: Response;
    try {
      const init: RequestInit = { method: "POST", headers, body: options.raw ?? JSON.stringify(message) };
      if (options.signal) init.signal = options.signal;
      response = await this.#fetch(endpoint, init);
    } catch (error) {
      if (options.signal?.aborted) throw new McpError({ kind: "cancelled", message: `${what}: cancelled`, cause: error });
      const status = authStatus(error);
      throw new McpError({ kind: "transport", message: `${what} to ${endpoint} failed: ${error instanceof Error ? error.message : String(error)}`, cause: error, ...(status ? { status } : {}) });
    }
    // The answer comes down the stream; the POST itself is acknowledged (202, or 200 with a short body).
    const text = await readCappedText(response, what);
    if (!response.ok) throw new McpError({ kind: "transport", status: response.status, message: `${what}: HTTP ${response.status}: ${snippet(text)}` });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stream.abort();
    this.#events.emit({ type: "close", reason: "closed" });
    this.#events.clear();
  }

  async #open(): Promise<string> {
    const headers = new Headers(this.#headers);
    headers.set("Accept", "text/event-stream");
    let response: Response;
    try {
      response = await this.#fetch(this.#url, { method: "GET", headers, signal: this.#stream.signal });
    } catch (error) {
      const status = authStatus(error);
      throw new McpError({ kind: "transport", message: `GET (SSE stream) to ${this.#url} failed: ${error instanceof Error ? error.message : String(error)}`, cause: error, ...(status ? { status } : {}) });
    }
    const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (!response.ok || type !== "text/event-stream" || !response.body) {
      const text = await readCappedText(response, "GET (SSE stream)").catch(() => "");
      throw new McpError({
        kind: "transport",
        status: response.status,
        message: `GET (SSE stream): expected an event stream, got HTTP ${response.status} ${JSON.stringify(type ?? "")}: ${snippet(text)}`,
      });
    }
    const body = response.body;
    return new Promise<string>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        this.#stream.abort();
        reject(new McpError({ kind: "transport", message: `the SSE stream sent no endpoint event within ${this.#endpointTimeoutMs} ms` }));
      }, this.#endpointTimeoutMs);
      const settle = (fn: () => void): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
      };
      readSse(body, {
        signal: this.#stream.signal,
        onEvent: (event) => {
          if (event.event === "endpoint") {
            if (settled) return;
            let url: URL;
            try {
              url = new URL(event.data.trim(), this.#url);
            } catch {
              return settle(() => reject(new McpError({ kind: "transport", message: `the endpoint event is not a URL: ${snippet(event.data)}` })));
            }
            if (url.origin !== new URL(this.#url).origin) {
              return settle(() => reject(new McpError({ kind: "transport", message: `the endpoint ${url.origin} is not on the stream's origin ${new URL(this.#url).origin}; refused` })));
            }
            this.endpoint = url.href;
            return settle(() => resolve(url.href));
          }
          if (event.event === undefined || event.event === "message") {
            if (!this.#closed) this.#events.emit(frameEvent(event.data, undefined));
          }
        },
      }).then(
        () => {
          settle(() => reject(new McpError({ kind: "transport", message: "the SSE stream ended before its endpoint event" })));
          if (!this.#closed) {
            this.#closed = true;
            this.#events.emit({ type: "close", reason: "the server ended the SSE stream" });
          }
        },
        (error: unknown) => {
          settle(() => reject(new McpError({ kind: "transport", message: "reading the SSE stream failed", cause: error })));
          if (!this.#closed) {
            this.#closed = true;
            this.#events.emit({ type: "close", reason: `the SSE stream broke: ${error instanceof Error ? error.message : String(error)}` });
          }
        },
      );
    });
  }
}
