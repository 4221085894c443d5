import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import { ErrorCode, copyOwn, type JsonRpcMessage } from "../../core/protocol";

/** HTTP status for a JSON-RPC error on 2026-07-28 (spec "Streamable HTTP", status mapping). */
export function statusForError(code: number): number {
  switch (code) {
    case ErrorCode.MethodNotFound:
      return 404;
    case ErrorCode.InvalidParams:
    case ErrorCode.InvalidRequest:
    case ErrorCode.ParseError:
    case ErrorCode.HeaderMismatch:
    case ErrorCode.MissingRequiredClientCapability:
    case ErrorCode.UnsupportedProtocolVersion:
      return 400;
    default:
      return 200;
  }
}

export const MAX_BODY_BYTES = 4 * 1024 * 1024;

const EMPTY_BODY = Buffer.alloc(0);

/** Reads a request body's bytes up to a cap; a larger one is refused rather than buffered. */
export function readBodyBytes(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer | "too-large"> {
  return new Promise((resolve, reject) => collectBody(req, limit, false, resolve as (body: Buffer | string | "too-large") => void, reject));
}

/** The same, as UTF-8 text. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string | "too-large"> {
  return new Promise((resolve, reject) => collectBodyText(req, limit, resolve, reject));
}

/**
 * The same with callbacks: the endpoint's POST handler then needs no async frame and no promise per
 * request. `done` gets the text (or "too-large"), `failed` the stream's error; one of them, once.
 */
export function collectBodyText(req: IncomingMessage, limit: number, done: (body: string | "too-large") => void, failed: (error: Error) => void): void {
  collectBody(req, limit, true, done as (body: Buffer | string | "too-large") => void, failed);
}

function collectBody(req: IncomingMessage, limit: number, text: boolean, done: (body: Buffer | string | "too-large") => void, failed: (error: Error) => void): void {
  // The first chunk on its own: the usual small POST has one, which is then the body as it is
  // (no array, no copy).
  let first: Buffer | undefined;
  let chunks: Buffer[] | undefined;
  let size = 0;
  let over = false;
  let settled = false;
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) over = true;
    else if (first === undefined) first = chunk;
    else (chunks ??= [first]).push(chunk);
  });
  req.on("end", () => {
    if (settled) return;
    settled = true;
    if (over) return done("too-large");
    const bytes = chunks ? Buffer.concat(chunks) : (first ?? EMPTY_BODY);
    done(text ? bytes.toString("utf8") : bytes);
  });
  req.on("error", (error: Error) => {
    if (settled) return;
    settled = true;
    failed(error);
  });
}

const UPPER = /[A-Z]/;

/** A request header's value by name in any case (Node keys `req.headers` in lower case). */
export function header(req: IncomingMessage, name: string): string | undefined {
  // A lower-case name (the usual) is looked up as it is: a toLowerCase copy per lookup adds up.
  const value = UPPER.test(name) ? req.headers[name.toLowerCase()] : req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Decodes the `=?base64?…?=` sentinel of SEP-2243 so header and body compare as values. */
export function decodeHeaderValue(value: string): string {
  // Most values are plain (a tool name): no match is run for them.
  if (!value.startsWith("=?")) return value;
  const m = /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/.exec(value);
  return m ? Buffer.from(m[1] ?? "", "base64").toString("utf8") : value;
}

/** The identity tokens are bound to: a digest of the Authorization header, never the header itself. */
export function callerOf(req: IncomingMessage): string {
  const auth = header(req, "authorization");
  return auth ? `auth:${createHash("sha256").update(auth).digest("base64url")}` : "anonymous";
}

/** Writes one JSON-RPC message as the body; `raw`, when given, is its JSON text already made. */
export function writeJson(res: ServerResponse, status: number, message: JsonRpcMessage | undefined, extra: Record<string, string> = {}, raw?: string): void {
  if (message === undefined) {
    res.writeHead(status, extra).end();
    return;
  }
  const body = raw ?? JSON.stringify(message);
  // Copied, not spread: a literal that spreads and adds costs ~1 µs in Node 20 (core's copyOwn).
  const headers: Record<string, string | number> = copyOwn({}, extra);
  headers["Content-Type"] = "application/json";
  headers["Content-Length"] = Buffer.byteLength(body);
  res.writeHead(status, headers).end(body);
}

export function startSse(res: ServerResponse, extra: Record<string, string> = {}): void {
  res.writeHead(200, {
    ...extra,
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache, no-transform",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no",
  });
  res.flushHeaders();
}

export function writeSseEvent(res: ServerResponse, data: string, id?: string): void {
  res.write(`${id === undefined ? "" : `id: ${id}\n`}event: message\ndata: ${data}\n\n`);
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

function hostOnly(hostHeader: string): string {
  if (hostHeader.startsWith("[")) return hostHeader.slice(0, hostHeader.indexOf("]") + 1);
  const colon = hostHeader.indexOf(":");
  return colon === -1 ? hostHeader : hostHeader.slice(0, colon);
}

/** DNS rebinding: a loopback server answers only requests addressed to a loopback name. */
export function hostAllowed(req: IncomingMessage, allowedHosts: readonly string[] | undefined): boolean {
  const host = header(req, "host");
  if (!host) return false;
  return allowedHosts ? allowedHosts.includes(host) || allowedHosts.includes(hostOnly(host)) : LOOPBACK_HOSTS.has(hostOnly(host));
}

/** Origins allowed to call from a browser: loopback pages by default (the inspector on another port). */
export function originAllowed(origin: string | undefined, allowedOrigins: readonly string[] | undefined): boolean {
  if (origin === undefined) return true; // not a browser, or same-origin navigation
  if (allowedOrigins) return allowedOrigins.includes("*") || allowedOrigins.includes(origin);
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

/** No CORS headers (a request with no Origin): one frozen object, not a new one per request. */
const NO_CORS: Record<string, string> = Object.freeze({});

export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = header(req, "origin");
  if (!origin) return NO_CORS;
  return {
    "Access-Control-Allow-Origin": origin,
    Vary: "Origin",
    "Access-Control-Expose-Headers": "Mcp-Session-Id, MCP-Protocol-Version",
  };
}

/**
 * The request headers a Streamable HTTP client sends besides the ones a preflight asks for: a browser
 * keeps a preflight's answer (Max-Age) for exactly the header names it allowed, so naming these too
 * lets the first `tools/call` (with `Mcp-Name`) or a session's GET (`Last-Event-ID`) reuse the
 * preflight of the first POST instead of making one of its own. `Mcp-Param-*` names depend on the
 * tool, so they are allowed as each preflight asks.
 */
const MCP_REQUEST_HEADERS = "content-type, authorization, mcp-protocol-version, mcp-method, mcp-name, mcp-session-id, last-event-id";

export function preflight(req: IncomingMessage, res: ServerResponse): void {
  const asked = header(req, "access-control-request-headers");
  res
    .writeHead(204, {
      ...corsHeaders(req),
      "Access-Control-Allow-Methods": "POST, GET, DELETE, OPTIONS",
      "Access-Control-Allow-Headers": asked ? `${asked}, ${MCP_REQUEST_HEADERS}` : MCP_REQUEST_HEADERS,
      "Access-Control-Max-Age": "600",
    })
    .end();
}

/**
 * A socket that connects and sends nothing, or sends a request's headers slowly, is answered 408 and
 * closed once this passes (Node's default is 60 s, checked every 30 s). Idle between requests, a
 * socket is closed after Node's keepAliveTimeout (5 s).
 */
export const HEADERS_TIMEOUT_MS = 10_000;
/** How long a whole request (headers and body) may take to arrive. The response may take as long as it needs: an SSE stream, a call waiting for a person. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** How often sockets are checked against those limits. */
export const TIMEOUT_CHECK_MS = 1_000;

/** Shorter limits for tests; production uses the defaults above. */
export interface SocketTimeouts {
  headersMs?: number;
  requestMs?: number;
  checkEveryMs?: number;
}

/** The `http.createServer` options that put those limits on every socket. */
export function socketTimeoutOptions(timeouts: SocketTimeouts = {}): { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number } {
  const requestTimeout = timeouts.requestMs ?? REQUEST_TIMEOUT_MS;
  // Node requires the headers' limit to be no longer than the request's.
  return { headersTimeout: Math.min(timeouts.headersMs ?? HEADERS_TIMEOUT_MS, requestTimeout), requestTimeout, connectionsCheckingInterval: timeouts.checkEveryMs ?? TIMEOUT_CHECK_MS };
}
