import { redactHeaderValue, redactUrl } from "../auth/stepLog";
import { isObject } from "../util/isObject";
import { META } from "../protocol/meta";
import { BRIDGE_HEADERS } from "./bridgeProtocol";

/**
 * The HTTP view's record: every request a session makes over HTTP (MCP POST/GET/DELETE, its SSE
 * streams, the sign-in's discovery and token requests, the bridge's hops) with what was sent and
 * what came back, headers redacted. Recorded by wrapping the `fetch` the transports are given, so
 * every transport and the sign-in are seen without changing them; the checks of the headers are
 * derived when read (./headerChecks.ts), not stored.
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

/** Header names whose values are credentials by their name (as the session files redact them). */
const SENSITIVE = /authorization|cookie|token|secret|password|api[-_]?key/i;

/** One header value as the view may show it: the auth log's rule, then any credential-looking name. */
export function redactExchangeHeader(name: string, value: string): string {
  const redacted = redactHeaderValue(name, value);
  if (redacted !== value) return redacted;
  return SENSITIVE.test(name) && !name.toLowerCase().startsWith("mcp-") ? "[redacted]" : value;
}

function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers === undefined) return out;
  try {
    new Headers(headers).forEach((value, name) => {
      out[name] = redactExchangeHeader(name, value);
    });
  } catch {
    // Headers the platform refuses are refused again by fetch itself, which then says why.
  }
  return out;
}

/** The bits of a POSTed JSON-RPC message the header checks read; undefined for anything else. */
export function rpcOf(body: unknown): ExchangeRpc | undefined {
  if (typeof body !== "string" || !body.startsWith("{")) return undefined;
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!isObject(message)) return undefined;
  const method = typeof message.method === "string" ? message.method : undefined;
  const params = isObject(message.params) ? message.params : undefined;
  const meta = params && isObject(params._meta) ? params._meta[META.protocolVersion] : undefined;
  return {
    ...(method !== undefined ? { method } : {}),
    request: method !== undefined && "id" in message,
    ...(params ? { params } : {}),
    ...(typeof meta === "string" ? { metaVersion: meta } : {}),
  };
}

function urlOf(input: RequestInfo | URL): string {
  return typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
}

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

  /**
   * `fetch` that records each request it makes here and passes everything through unchanged: the
   * response is the one fetch gave (its body untouched, so streams stay streams).
   */
  wrap(fetchFn: typeof fetch | undefined, source: ExchangeSource): typeof fetch {
    const inner = fetchFn ?? ((input, init) => globalThis.fetch(input, init));
    return async (input, init) => {
      const seq = this.#begin(input, init, source);
      const started = this.#now();
      try {
        const response = await inner(input, init);
        this.#update(seq, { status: response.status, responseHeaders: headerRecord(response.headers), headersMs: this.#now() - started });
        return response;
      } catch (error) {
        this.#update(seq, { error: error instanceof Error ? error.message : String(error), headersMs: this.#now() - started });
        throw error;
      }
    };
  }

  #begin(input: RequestInfo | URL, init: RequestInit | undefined, source: ExchangeSource): number {
    const seq = ++this.#seq;
    const method = (init?.method ?? (typeof input === "object" && "method" in input ? input.method : "GET")).toUpperCase();
    const rpc = method === "POST" ? rpcOf(init?.body) : undefined;
    const requestHeaders = headerRecord(init?.headers ?? (typeof input === "object" && "headers" in input ? input.headers : undefined));
    // A request the local bridge forwards (bridgeFetch) names where it goes: shown as that request, through the bridge.
    const forwarded = requestHeaders[BRIDGE_HEADERS.target.toLowerCase()];
    const via = source.via ?? (forwarded !== undefined ? "bridge" : undefined);
    const entry: HttpExchange = {
      seq,
      kind: source.kind,
      ...(via ? { via } : {}),
      connectionId: source.connectionId,
      method,
      url: redactUrl(forwarded ?? urlOf(input)),
      requestHeaders,
      ...(rpc ? { rpc } : {}),
      startedAt: this.#now(),
    };
    const all = [...this.#entries, entry];
    const drop = Math.max(0, all.length - this.#cap);
    this.#dropped += drop;
    this.#entries = drop > 0 ? all.slice(drop) : all;
    this.#changed();
    return seq;
  }

  #update(seq: number, patch: Partial<HttpExchange>): void {
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
