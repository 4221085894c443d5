/**
 * The HTTP view's record: every request a session makes over HTTP (MCP POST/GET/DELETE, its SSE
 * streams, the sign-in's discovery and token requests, the bridge's hops) with what was sent and
 * what came back, headers redacted. Recorded by wrapping the `fetch` the transports are given
 * (./recordExchanges.ts, loaded with the transports), so every transport and the sign-in are seen
 * without changing them; the checks of the headers are derived when read (./headerChecks.ts), not stored.
 */

/** What an exchange was for: the view groups and labels by it. */
export type ExchangeKind = "mcp" | "sign-in" | "bridge";

/** The JSON-RPC message a POST carried, as far as the header checks need it. */
export interface ExchangeRpc {
  method?: string;
  /** A request (not a notification or a response). */
  request: boolean;
  /** `params.name`, `params.uri` or `params.taskId`: what `Mcp-Name` mirrors. */
  params?: Record<string, unknown>;
  /** `_meta` protocolVersion (2026-07-28 requests name their revision in every body). */
  metaVersion?: string;
}

export interface HttpExchange {
  /** 1, 2, 3… in the order the requests were made, for this log. */
  seq: number;
  kind: ExchangeKind;
  via?: "bridge";
  /** The session's connection this exchange belongs to (a reconnect starts a new one). */
  connectionId: number;
  method: string;
  /** Secret query parameters replaced. */
  url: string;
  /** Lower-case names; credential values replaced by `[redacted]`. */
  requestHeaders: Record<string, string>;
  rpc?: ExchangeRpc;
  /** Epoch ms the request started. */
  startedAt: number;
  /** Undefined while waiting for the answer's headers. */
  status?: number;
  responseHeaders?: Record<string, string>;
  /** Milliseconds until the answer's headers arrived (an SSE stream stays open after). */
  headersMs?: number;
  /** The request never got an answer (network error, abort), in words. */
  error?: string;
}

/** What a recording fetch learns from its host. */
export interface ExchangeSource {
  kind: ExchangeKind;
  connectionId: number;
  /** The request went through the local bridge, which forwarded it to `url`. */
  via?: "bridge";
}

/** The newest this many exchanges are kept: a bounded log, like the wire log. */
export const EXCHANGE_CAP = 500;

/**
 * A bounded, append-only log of exchanges with the `subscribe`/`getSnapshot` pair every stateful
 * core object has, so React reads it with useSyncExternalStore and the CLI reads it directly.
 */
export class HttpExchangeLog {
  #entries: readonly HttpExchange[] = [];
  #dropped = 0;
  #seq = 0;
  readonly #listeners = new Set<() => void>();
  readonly #cap: number;
  readonly #now: () => number;

  constructor(options: { cap?: number; now?: () => number } = {}) {
    this.#cap = options.cap ?? EXCHANGE_CAP;
    this.#now = options.now ?? Date.now;
  }

  getSnapshot = (): readonly HttpExchange[] => this.#entries;

  /** How many older exchanges the cap let go. */
  get dropped(): number {
    return this.#dropped;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  clear(): void {
    this.#entries = [];
    this.#changed();
  }

  /** The log's clock (epoch ms), for the exchanges recorded into it. */
  now(): number {
    return this.#now();
  }

  /** Adds an exchange just started (recordExchanges.ts), numbered and timed here; returns its number. */
  begin(exchange: Omit<HttpExchange, "seq" | "startedAt">): number {
    const seq = ++this.#seq;
    const entry: HttpExchange = { seq, ...exchange, startedAt: this.#now() };
    const all = [...this.#entries, entry];
    const drop = Math.max(0, all.length - this.#cap);
    this.#dropped += drop;
    this.#entries = drop > 0 ? all.slice(drop) : all;
    this.#changed();
    return seq;
  }

  /** What became known of exchange `seq` since (its answer's headers, its error). */
  update(seq: number, patch: Partial<HttpExchange>): void {
    const at = this.#entries.findIndex((e) => e.seq === seq);
    if (at < 0) return; // dropped by the cap meanwhile
    const next = [...this.#entries];
    next[at] = { ...next[at]!, ...patch };
    this.#entries = next;
    this.#changed();
  }

  #changed(): void {
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch (error) {
        console.error("HTTP exchange listener failed", error);
      }
    }
  }
}
