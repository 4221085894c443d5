import { redactHeaderValue, redactUrl } from "../auth/stepLog";
import { isObject } from "../util/isObject";
import { META } from "../protocol/meta";
import { BRIDGE_HEADERS } from "./bridgeProtocol";
import type { ExchangeRpc, ExchangeSource, HttpExchangeLog } from "./httpExchanges";

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
 * `fetch` that records each request it makes in `log` and passes everything through unchanged: the
 * response is the one fetch gave (its body untouched, so streams stay streams).
 */
export function recordExchanges(log: HttpExchangeLog, fetchFn: typeof fetch | undefined, source: ExchangeSource): typeof fetch {
  const inner = fetchFn ?? ((input, init) => globalThis.fetch(input, init));
  return async (input, init) => {
    const seq = begin(log, input, init, source);
    const started = log.now();
    try {
      const response = await inner(input, init);
      log.update(seq, { status: response.status, responseHeaders: headerRecord(response.headers), headersMs: log.now() - started });
      return response;
    } catch (error) {
      log.update(seq, { error: error instanceof Error ? error.message : String(error), headersMs: log.now() - started });
      throw error;
    }
  };
}

function begin(log: HttpExchangeLog, input: RequestInfo | URL, init: RequestInit | undefined, source: ExchangeSource): number {
  const method = (init?.method ?? (typeof input === "object" && "method" in input ? input.method : "GET")).toUpperCase();
  const rpc = method === "POST" ? rpcOf(init?.body) : undefined;
  const requestHeaders = headerRecord(init?.headers ?? (typeof input === "object" && "headers" in input ? input.headers : undefined));
  // A request the local bridge forwards (bridgeFetch) names where it goes: shown as that request, through the bridge.
  const forwarded = requestHeaders[BRIDGE_HEADERS.target.toLowerCase()];
  const via = source.via ?? (forwarded !== undefined ? "bridge" : undefined);
  return log.begin({
    kind: source.kind,
    ...(via ? { via } : {}),
    connectionId: source.connectionId,
    method,
    url: redactUrl(forwarded ?? urlOf(input)),
    requestHeaders,
    ...(rpc ? { rpc } : {}),
  });
}
