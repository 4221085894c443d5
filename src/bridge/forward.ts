import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { BRIDGE_HEADERS } from "../core";
import { BRIDGE_SECURITY_HEADERS, header, readBody, sendError } from "./http";
import { checkTarget, type LookupAll } from "./security";

/** Request headers that belong to this hop (the browser and the bridge), never to the target. */
const DROPPED_REQUEST = new Set([
  "host",
  "origin",
  "referer",
  "cookie",
  "authorization",
  "connection",
  "keep-alive",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "content-length",
  "accept-encoding",
]);

/** Response headers that stay with the target's hop: framing, its CORS answer, cookies for its origin. */
const DROPPED_RESPONSE = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "trailer", "proxy-authenticate", "set-cookie", "alt-svc"]);

export function forwardedRequestHeaders(incoming: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || DROPPED_REQUEST.has(name) || name.startsWith("x-presa-") || name.startsWith("sec-")) continue;
    out[name] = value;
  }
  const auth = incoming[BRIDGE_HEADERS.forwardAuthorization.toLowerCase()];
  if (auth !== undefined) out.authorization = Array.isArray(auth) ? auth.join(", ") : auth;
  // Unencoded, so each SSE event can be passed on the moment it arrives.
  out["accept-encoding"] = "identity";
  return out;
}

export function forwardedResponseHeaders(incoming: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(incoming)) {
    // The bridge's own headers (its X-Presa-Bridge marker above all) come from the bridge only: a
    // target sending them could dress its answer up as the bridge's refusal.
    if (value === undefined || DROPPED_RESPONSE.has(name) || name.startsWith("access-control-") || name.startsWith("x-presa-")) continue;
    out[name] = value;
  }
  return out;
}

/** A lookup that only ever answers the addresses already checked, so a name cannot rebind in between. */
function pinned(addresses: { address: string; family: number }[]): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, addresses);
    else callback(null, addresses[0]?.address, addresses[0]?.family);
  }) as unknown as LookupFunction;
}

export interface ForwardOptions {
  lookup: LookupAll;
  /** CORS headers for the calling page. */
  cors: Record<string, string>;
}

/**
 * Forwards one request to the URL in `X-Presa-Target` and streams the answer back as it arrives
 * (SSE events included), byte for byte, so the page sees the target's frames as sent. Refusals:
 * 400 for a target that is not an http(s) URL, 403 for a blocked address (link-local, metadata,
 * unspecified), 413 for a body over the cap, 502 when the target cannot be reached or redirects.
 * The page closing its side closes the target's stream (on 2026-07-28 that is the cancellation).
 */
export async function forward(req: IncomingMessage, res: ServerResponse, options: ForwardOptions): Promise<void> {
  const { cors } = options;
  const checked = await checkTarget(header(req, BRIDGE_HEADERS.target), options.lookup);
  if (!checked.ok) return sendError(res, checked.status, checked.status === 403 ? "blocked-target" : "bad-request", checked.reason, cors);
  const body = req.method === "GET" || req.method === "HEAD" ? Buffer.alloc(0) : await readBody(req);
  if (body === "too-large") return sendError(res, 413, "too-large", "request body too large", cors);
  const { url, addresses } = checked;
  const hostname = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  const headers = forwardedRequestHeaders(req.headers);
  headers.host = url.host;
  if (body.length > 0) headers["content-length"] = String(body.length);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  const upstream = send({
    protocol: url.protocol,
    hostname,
    port: url.port === "" ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    method: req.method,
    headers,
    lookup: pinned(addresses),
    ...(url.protocol === "https:" && isIP(hostname) === 0 ? { servername: hostname } : {}),
  });
  res.on("close", () => {
    if (!res.writableFinished) upstream.destroy();
  });
  upstream.on("response", (answer) => {
    const status = answer.statusCode ?? 502;
    if (status >= 300 && status < 400 && answer.headers.location) {
      answer.resume();
      return sendError(res, 502, "upstream-failed", `${url.href} redirected (${status}) to ${answer.headers.location}; the bridge does not follow redirects: use the final URL`, cors);
    }
    const passed = forwardedResponseHeaders(answer.headers);
    res.writeHead(status, {
      ...passed,
      ...cors,
      "Access-Control-Expose-Headers": [...Object.keys(passed), BRIDGE_HEADERS.marker].join(", "),
      ...BRIDGE_SECURITY_HEADERS,
      [BRIDGE_HEADERS.marker]: "forwarded",
    });
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    answer.pipe(res);
    answer.on("error", () => res.destroy());
  });
  upstream.on("error", (error) => {
    if (res.headersSent) return void res.destroy();
    sendError(res, 502, "upstream-failed", `could not reach ${url.href}: ${error.message}`, cors);
  });
  upstream.end(body);
}
