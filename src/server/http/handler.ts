import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { errorResponse, isRequest, parseFrame, ErrorCode, META, isObject, type JsonRpcRequest } from "../../core/protocol";
import type { McpServer } from "../server";
import { LegacySessions } from "./legacy";
import { serveModernPost } from "./modern";
import { MAX_BODY_BYTES, callerOf, collectBodyText, corsHeaders, header, hostAllowed, originAllowed, preflight, socketTimeoutOptions, writeJson, type SocketTimeouts } from "./wire";

export interface HttpHandlerOptions {
  /** The MCP endpoint path; default "/mcp". */
  path?: string;
  /** Browser origins allowed to call; default any loopback page. */
  allowedOrigins?: readonly string[];
  /** Host header values allowed (DNS rebinding); default loopback names. */
  allowedHosts?: readonly string[];
  /**
   * The identity requestState tokens are bound to; default `auth:` + a SHA-256 of Authorization, or
   * "anonymous". Tokens carry it as it is (their `c` field), so return a digest or an id, never a credential.
   */
  callerOf?: (req: IncomingMessage) => string;
  /**
   * Extra headers on the answer to a 2026-07-28 request (exposed to pages through CORS): how the
   * hostile server puts a wrong `Mcp-Name` on an answer, for the inspector's HTTP view to catch.
   */
  answerHeaders?: (message: JsonRpcRequest) => Record<string, string> | undefined;
}

export interface HttpHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  close(): void;
  readonly legacySessions: LegacySessions;
}

/**
 * A Streamable HTTP endpoint for both eras on one path: `initialize` and `Mcp-Session-Id` mean an
 * initialize-era session (SSE per request, server requests on it, answers as POSTs); anything else
 * is a stateless 2026-07-28 POST.
 */
export function createHttpHandler(server: McpServer, options: HttpHandlerOptions = {}): HttpHandler {
  const path = options.path ?? "/mcp";
  const legacy = new LegacySessions(server);
  const identify = options.callerOf ?? callerOf;

  const handler = ((req: IncomingMessage, res: ServerResponse) => {
    try {
      handle(req, res);
    } catch (e) {
      failed(res, e);
    }
  }) as HttpHandler;

  function handle(req: IncomingMessage, res: ServerResponse): void {
    // The usual request is for the endpoint itself, which needs no URL parsed to be recognised.
    const pathname = req.url === path ? path : new URL(req.url ?? "/", "http://localhost").pathname;
    const cors = corsHeaders(req);
    if (!hostAllowed(req, options.allowedHosts)) return void writeJson(res, 403, errorResponse(null, { code: ErrorCode.InvalidRequest, message: "Host not allowed" }));
    if (!originAllowed(header(req, "origin"), options.allowedOrigins)) {
      return void writeJson(res, 403, errorResponse(null, { code: ErrorCode.InvalidRequest, message: "Origin not allowed" }));
    }
    if (pathname !== path) return void writeJson(res, 404, undefined, cors);
    if (req.method === "OPTIONS") return preflight(req, res);
    const sessionId = header(req, "mcp-session-id");
    if (req.method === "GET") {
      if (sessionId) return legacy.get(req, res, sessionId);
      return void writeJson(res, 405, undefined, { ...cors, Allow: "POST" });
    }
    if (req.method === "DELETE") {
      if (sessionId) return legacy.delete(req, res, sessionId);
      return void writeJson(res, 405, undefined, { ...cors, Allow: "POST" });
    }
    if (req.method !== "POST") return void writeJson(res, 405, undefined, { ...cors, Allow: "POST, GET, DELETE" });
    // Callbacks rather than an await: a POST then makes no async frame (the bench's HTTP round).
    collectBodyText(
      req,
      MAX_BODY_BYTES,
      (body) => post(req, res, body, cors, sessionId),
      (e) => failed(res, e),
    );
  }

  function post(req: IncomingMessage, res: ServerResponse, body: string | "too-large", cors: Record<string, string>, sessionId: string | undefined): void {
    try {
      if (body === "too-large") return void writeJson(res, 413, errorResponse(null, { code: ErrorCode.InvalidRequest, message: "body too large" }), cors);
      const parsed = parseFrame(body);
      if (!parsed.ok) return void writeJson(res, 400, errorResponse(null, { code: ErrorCode.ParseError, message: parsed.reason }), cors);
      const message = parsed.message;
      const caller = identify(req);
      const meta = isRequest(message) && isObject(message.params?._meta) ? message.params._meta : undefined;
      const modern = meta !== undefined && META.protocolVersion in meta;
      if (!modern && isRequest(message) && message.method === "initialize") return legacy.initialize(req, res, message, caller);
      if (!modern && sessionId) return legacy.post(req, res, message, caller, sessionId);
      serveModernPost(server, req, res, message, caller, body, options.answerHeaders);
    } catch (e) {
      failed(res, e);
    }
  }

  Object.defineProperty(handler, "legacySessions", { value: legacy });
  handler.close = () => legacy.closeAll();
  return handler;
}

/** A request the endpoint itself failed on: 500 while the head is unsent, else the response cut short. */
function failed(res: ServerResponse, e: unknown): void {
  if (!res.headersSent) writeJson(res, 500, errorResponse(null, { code: ErrorCode.InternalError, message: String(e) }));
  else res.end();
}

export interface RunningHttpServer {
  url: string;
  port: number;
  server: Server;
  handler: HttpHandler;
  close(): Promise<void>;
}

/**
 * Starts the endpoint on 127.0.0.1 (port 0 picks a free one). Loopback only, by design. A socket
 * that sends nothing is closed after a bounded time (wire.ts: HEADERS_TIMEOUT_MS).
 */
export function startHttpServer(server: McpServer, options: HttpHandlerOptions & { port?: number; host?: string; socketTimeouts?: SocketTimeouts } = {}): Promise<RunningHttpServer> {
  const handler = createHttpHandler(server, options);
  const http = createServer(socketTimeoutOptions(options.socketTimeouts), handler);
  const host = options.host ?? "127.0.0.1";
  return new Promise((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 0, host, () => {
      const port = (http.address() as AddressInfo).port;
      resolve({
        url: `http://${host}:${port}${options.path ?? "/mcp"}`,
        port,
        server: http,
        handler,
        close: () =>
          new Promise<void>((done) => {
            handler.close();
            http.closeAllConnections();
            http.close(() => done());
          }),
      });
    });
  });
}
