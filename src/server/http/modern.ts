import type { IncomingMessage, ServerResponse } from "node:http";
import { errorResponse, isErrorResponse, isRequest, type JsonRpcMessage, type JsonRpcRequest, type RequestId, ErrorCode, META, isObject, mcpNameSource } from "../../core/protocol";
import { ServerSession, type SessionOptions } from "../session";
import type { McpServer } from "../server";
import { wireFaultOf } from "../wireFault";
import { writeModernFault } from "./fault";
import { corsHeaders, decodeHeaderValue, header, startSse, statusForError, writeJson, writeSseEvent } from "./wire";

/** SEP-2243: the headers must say what the body says, or the request is refused with -32020. */
function headerMismatch(req: IncomingMessage, message: JsonRpcRequest): string | undefined {
  const meta = isObject(message.params?._meta) ? message.params._meta : {};
  const version = header(req, "mcp-protocol-version");
  if (version === undefined) return "missing MCP-Protocol-Version header";
  if (version !== meta[META.protocolVersion]) return `MCP-Protocol-Version header (${version}) does not match _meta (${String(meta[META.protocolVersion])})`;
  const method = header(req, "mcp-method");
  if (method === undefined) return "missing Mcp-Method header";
  if (method !== message.method) return `Mcp-Method header (${method}) does not match the body (${message.method})`;
  const source = mcpNameSource(message.method);
  if (source) {
    const name = header(req, "mcp-name");
    const expected = message.params?.[source];
    if (name === undefined) return "missing Mcp-Name header";
    if (decodeHeaderValue(name) !== expected) return `Mcp-Name header does not match params.${source}`;
  }
  return undefined;
}

/** The answer's own extra headers beside CORS, listed as exposed so a page can read them. */
function withAnswerHeaders(cors: Record<string, string>, extra: Record<string, string> | undefined): Record<string, string> {
  if (extra === undefined) return cors;
  const exposed = cors["Access-Control-Expose-Headers"];
  return { ...cors, ...extra, ...(exposed === undefined ? {} : { "Access-Control-Expose-Headers": [exposed, ...Object.keys(extra)].join(", ") }) };
}

const SENT: Promise<void> = Promise.resolve();

/**
 * The response to one 2026-07-28 POST, as its session's sender: a class rather than a closure
 * over the response, since every POST makes one.
 */
class ModernReply implements SessionOptions {
  #streaming = false;
  done = false;

  constructor(
    readonly res: ServerResponse,
    readonly id: RequestId,
    readonly cors: Record<string, string>,
    readonly caller: string,
  ) {}

  /** Not async: it writes at once, so every call can hand back the one settled promise. */
  send(out: JsonRpcMessage, sent?: { raw?: string }): Promise<void> {
    this.#write(out, sent?.raw);
    return SENT;
  }

  /** `raw`: the message's JSON text when the connection already made it (it always does). */
  #write(out: JsonRpcMessage, raw: string | undefined): void {
    if (this.done) return;
    const { res, cors } = this;
    const isFinal = "id" in out && out.id === this.id && !("method" in out);
    if (!isFinal) {
      if (!this.#streaming) {
        this.#streaming = true;
        startSse(res, cors);
      }
      writeSseEvent(res, raw ?? JSON.stringify(out));
      return;
    }
    this.done = true;
    const fault = wireFaultOf(out);
    if (fault) return writeModernFault(res, fault, this.id, this.#streaming, cors);
    if (this.#streaming) {
      writeSseEvent(res, raw ?? JSON.stringify(out));
      res.end();
    } else {
      writeJson(res, isErrorResponse(out) ? statusForError(out.error.code) : 200, out, cors, raw);
    }
  }
}

/**
 * One 2026-07-28 POST: a fresh stateless session serves it. The answer is plain JSON unless the
 * handler sends notifications first (progress, logs), which turns the response into an SSE stream.
 * Closing the response early is the client's cancellation.
 */
export function serveModernPost(
  server: McpServer,
  req: IncomingMessage,
  res: ServerResponse,
  message: JsonRpcMessage,
  caller: string,
  raw?: string,
  answerHeaders?: (message: JsonRpcRequest) => Record<string, string> | undefined,
): void {
  const cors = withAnswerHeaders(corsHeaders(req), isRequest(message) ? answerHeaders?.(message) : undefined);
  if (!isRequest(message)) {
    // The core protocol has no client notifications or responses over HTTP on 2026-07-28.
    writeJson(res, 202, undefined, cors);
    return;
  }
  const mismatch = headerMismatch(req, message);
  if (mismatch && isObject(message.params?._meta) && META.protocolVersion in message.params._meta) {
    writeJson(res, 400, errorResponse(message.id, { code: ErrorCode.HeaderMismatch, message: mismatch }), cors);
    return;
  }
  const reply = new ModernReply(res, message.id, cors, caller);
  const session = new ServerSession(server, reply);
  res.on("close", () => {
    if (!reply.done) session.receive({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: message.id, reason: "response stream closed" } });
    session.close();
  });
  session.receive(message, raw === undefined ? { caller } : { caller, raw });
}
