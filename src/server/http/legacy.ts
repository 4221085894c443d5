import type { IncomingMessage, ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { errorResponse, isErrorResponse, isRequest, isResponse, type JsonRpcMessage, type RequestId, ErrorCode } from "../../core/protocol";
import { ServerSession } from "../session";
import type { McpServer } from "../server";
import { faultText, wireFaultOf, type WireFault } from "../wireFault";
import { cutSse } from "./fault";
import { corsHeaders, header, startSse, writeJson, writeSseEvent } from "./wire";

interface Stream {
  id: string;
  res: ServerResponse | undefined;
  /** Every event of the stream, kept until it completes, so a client can resume with Last-Event-ID. */
  events: { id: string; data: string }[];
  complete: boolean;
}

/** One initialize-era HTTP session: its ServerSession and the SSE streams of its open requests. */
class LegacyHttpSession {
  readonly id = randomUUID();
  readonly session: ServerSession;
  readonly #byRequest = new Map<RequestId, Stream>();
  readonly #streams = new Map<string, Stream>();
  #standalone: ServerResponse | undefined;
  lastSeen = Date.now();
  /** Called when `initialize` itself was refused: no session was opened, so none may linger. */
  onRefused: (() => void) | undefined;

  constructor(server: McpServer, caller: string) {
    this.session = new ServerSession(server, { caller, send: async (m, o) => this.#route(m, o?.relatedRequestId) });
  }

  /** Opens the SSE stream that answers one client request; the response ends it. */
  openStream(requestId: RequestId, res: ServerResponse, cors: Record<string, string>): void {
    const stream: Stream = { id: randomUUID().slice(0, 8), res, events: [], complete: false };
    this.#byRequest.set(requestId, stream);
    this.#streams.set(stream.id, stream);
    startSse(res, { ...cors, "Mcp-Session-Id": this.id });
    res.on("close", () => {
      if (stream.res === res) stream.res = undefined;
    });
  }

  openStandalone(res: ServerResponse, cors: Record<string, string>): void {
    this.#standalone?.end();
    this.#standalone = res;
    startSse(res, { ...cors, "Mcp-Session-Id": this.id });
    res.on("close", () => {
      if (this.#standalone === res) this.#standalone = undefined;
    });
  }

  /** Resumes a stream after `Last-Event-ID`: replays what came after it, then goes on live. */
  resume(lastEventId: string, res: ServerResponse, cors: Record<string, string>): boolean {
    const [streamId] = lastEventId.split("-");
    const stream = streamId === undefined ? undefined : this.#streams.get(streamId);
    if (!stream) return false;
    startSse(res, { ...cors, "Mcp-Session-Id": this.id });
    const from = stream.events.findIndex((e) => e.id === lastEventId);
    for (const e of stream.events.slice(from + 1)) writeSseEvent(res, e.data, e.id);
    if (stream.complete) {
      res.end();
      this.#streams.delete(stream.id);
    } else {
      stream.res = res;
    }
    return true;
  }

  async #route(message: JsonRpcMessage, relatedRequestId: RequestId | undefined): Promise<void> {
    const final = isResponse(message) && message.id != null ? message.id : undefined;
    const key = final ?? relatedRequestId;
    const stream = key === undefined ? undefined : this.#byRequest.get(key);
    const fault = final === undefined ? undefined : wireFaultOf(message);
    if (stream && fault && final !== undefined) return this.#fault(stream, final, fault);
    const data = JSON.stringify(message);
    if (!stream) {
      // Not tied to an open request: the standalone GET stream, if the client opened one.
      if (this.#standalone) writeSseEvent(this.#standalone, data);
      return;
    }
    const event = { id: `${stream.id}-${stream.events.length + 1}`, data };
    stream.events.push(event);
    if (stream.res) writeSseEvent(stream.res, data, event.id);
    if (final !== undefined && isErrorResponse(message) && this.session.legacyRevision === undefined) this.onRefused?.();
    if (final !== undefined) {
      stream.complete = true;
      this.#byRequest.delete(final);
      if (stream.res) {
        stream.res.end();
        this.#streams.delete(stream.id);
      }
    }
  }

  /**
   * A hostile response (wireFault.ts): replaced text as the stream's last event, or the stream cut
   * mid-event and forgotten, so a GET with Last-Event-ID gets 404 rather than waiting forever.
   */
  #fault(stream: Stream, id: RequestId, fault: WireFault): void {
    this.#byRequest.delete(id);
    stream.complete = true;
    const text = faultText(fault, id);
    if (fault.kind === "cut") {
      this.#streams.delete(stream.id);
      if (stream.res) cutSse(stream.res, text);
      return;
    }
    const event = { id: `${stream.id}-${stream.events.length + 1}`, data: text };
    stream.events.push(event);
    if (stream.res) {
      writeSseEvent(stream.res, text, event.id);
      stream.res.end();
      this.#streams.delete(stream.id);
    }
  }

  close(): void {
    this.session.close();
    this.#standalone?.end();
    for (const s of this.#streams.values()) s.res?.end();
  }
}

/** The initialize-era half of the endpoint: sessions by id, one SSE stream per client request. */
export class LegacySessions {
  readonly #sessions = new Map<string, LegacyHttpSession>();
  readonly #server: McpServer;

  constructor(server: McpServer) {
    this.#server = server;
  }

  get size(): number {
    return this.#sessions.size;
  }

  /** `initialize` opens a session; its id goes back in Mcp-Session-Id. */
  initialize(req: IncomingMessage, res: ServerResponse, message: JsonRpcMessage, caller: string): void {
    const entry = new LegacyHttpSession(this.#server, caller);
    this.#sessions.set(entry.id, entry);
    entry.onRefused = () => this.#sessions.delete(entry.id);
    this.#post(entry, req, res, message, caller);
  }

  /** A POST that names a session. 404 tells the client its session is gone (spec: start again). */
  post(req: IncomingMessage, res: ServerResponse, message: JsonRpcMessage, caller: string, sessionId: string): void {
    const entry = this.#sessions.get(sessionId);
    if (!entry) {
      writeJson(res, 404, errorResponse(isRequest(message) ? message.id : null, { code: -32001, message: "Session not found" }), corsHeaders(req));
      return;
    }
    this.#post(entry, req, res, message, caller);
  }

  #post(entry: LegacyHttpSession, req: IncomingMessage, res: ServerResponse, message: JsonRpcMessage, caller: string): void {
    entry.lastSeen = Date.now();
    const cors = corsHeaders(req);
    if (!isRequest(message)) {
      entry.session.receive(message, { caller });
      writeJson(res, 202, undefined, { ...cors, "Mcp-Session-Id": entry.id });
      return;
    }
    entry.openStream(message.id, res, cors);
    entry.session.receive(message, { caller });
  }

  get(req: IncomingMessage, res: ServerResponse, sessionId: string): void {
    const cors = corsHeaders(req);
    const entry = this.#sessions.get(sessionId);
    if (!entry) {
      writeJson(res, 404, errorResponse(null, { code: -32001, message: "Session not found" }), cors);
      return;
    }
    const last = header(req, "last-event-id");
    if (last !== undefined) {
      if (!entry.resume(last, res, cors)) writeJson(res, 404, errorResponse(null, { code: ErrorCode.InvalidRequest, message: "unknown Last-Event-ID" }), cors);
      return;
    }
    entry.openStandalone(res, cors);
  }

  delete(req: IncomingMessage, res: ServerResponse, sessionId: string): void {
    const entry = this.#sessions.get(sessionId);
    entry?.close();
    this.#sessions.delete(sessionId);
    writeJson(res, entry ? 200 : 404, undefined, corsHeaders(req));
  }

  closeAll(): void {
    for (const entry of this.#sessions.values()) entry.close();
    this.#sessions.clear();
  }
}
