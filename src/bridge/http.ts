import type { ServerResponse } from "node:http";
import { BRIDGE_HEADERS, type BridgeErrorBody, type BridgeErrorCode, type ExitInfo } from "../core";

// The same capped body reading (4 MiB: a spawn request, one JSON-RPC message, one forwarded POST) and
// header lookup as the MCP endpoint.
export { MAX_BODY_BYTES, header, readBodyBytes as readBody, socketTimeoutOptions, type SocketTimeouts } from "../server/http/wire";

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), "Cache-Control": "no-store" }).end(text);
}

/** The bridge's own refusal or failure: marked, so the page never mistakes it for the target's answer. */
export function sendError(res: ServerResponse, status: number, code: BridgeErrorCode, message: string, headers: Record<string, string> = {}, exit?: ExitInfo): void {
  const body: BridgeErrorBody = { error: { code, message, ...(exit ? { exit } : {}) } };
  sendJson(res, status, body, { ...headers, [BRIDGE_HEADERS.marker]: "error" });
}

/** Opens an SSE response that is flushed at once and kept alive with comments. */
export function startSse(res: ServerResponse, headers: Record<string, string>): () => void {
  res.writeHead(200, {
    ...headers,
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache, no-transform",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no",
  });
  res.flushHeaders();
  res.socket?.setNoDelay(true);
  const keepAlive = setInterval(() => res.write(": keep-alive\n\n"), 15_000);
  keepAlive.unref();
  return () => clearInterval(keepAlive);
}

/** Writes one event; false when the socket's buffer is full (wait for `drain`). */
export function writeSse(res: ServerResponse, event: string, data: string): boolean {
  return res.write(`event: ${event}\ndata: ${data}\n\n`);
}

/** On every answer of the bridge and of `npm start`'s app server: never framed, never sniffed. */
export const BRIDGE_SECURITY_HEADERS = {
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
} as const;
