import { Emitter } from "./events";
import { McpError, toMcpError } from "../errors";
import {
  errorResponse,
  isErrorResponse,
  isNotification,
  isRequest,
  isResultResponse,
  notification,
  request,
  resultResponse,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type RequestId,
} from "./messages";
import { JsonRpcErrorCode as ErrorCode } from "./codes";
import { peekFrame } from "./peek";
import { PendingRequests } from "./pending";
import type { Channel, SendOptions } from "./channel";

/** One frame as it crossed the wire, for logs, tests and the UI's wire view. */
export interface Frame {
  direction: "out" | "in";
  /** The parsed message; undefined when the frame could not be parsed (then `error` says why). */
  message: JsonRpcMessage | undefined;
  raw: string;
  size: number;
  at: number;
  /** For responses: the method of the request they answer. */
  method?: string;
  /** For responses: time since the request went out, in ms. */
  latencyMs?: number;
  /** The request this frame belongs to (a response's id, or the stream it rode on). */
  relatedRequestId?: RequestId;
  error?: string;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface RequestOptions extends SendOptions {
  /** Give up after this long without an answer; paused while the caller holds the request. */
  timeoutMs?: number;
  /**
   * Gives the request up as `signal` does, for a caller with no AbortSignal to hand (making one
   * costs ~2 µs in Node). The transport is not told, so it is for transports whose sends cannot
   * be aborted (TransportCapabilities.sendIgnoresSignal); with both, either gives up.
   */
  cancel?: CancelSource;
}

/** Something that can be aborted once and tells its listeners: the part of an AbortSignal a request needs. */
export interface CancelSource {
  readonly aborted: boolean;
  /** Runs `listener` once on abort; returns the undo. */
  onAbort(listener: () => void): () => void;
}

export interface IncomingContext {
  raw?: string;
  /** The request whose stream carried the message, when the transport knows it. */
  relatedRequestId?: RequestId;
  /**
   * The transport knows the message is tied to no request (ChannelEvent.unrelated); with neither
   * this nor `relatedRequestId` it cannot tell which request, if any, the message belongs to.
   */
  unrelated?: boolean;
  /** Server side: who sent this request, as the transport knows it (tokens are bound to it). */
  caller?: string;
}

export type RequestHandler = (
  request: JsonRpcRequest,
  context: IncomingContext,
) => Promise<Record<string, unknown>>;

export type NotificationHandler = (notification: JsonRpcNotification, context: IncomingContext) => void;

interface Pending {
  method: string;
  startedAt: number;
  resolve: (result: Record<string, unknown>) => void;
  reject: (error: McpError) => void;
  timeoutMs: number | undefined;
  timer: unknown;
  holds: number;
  /** Unhooks the request from its signal or cancel source, when it has one. */
  cleanup: (() => void) | undefined;
}

export interface ConnectionOptions {
  send: (message: JsonRpcMessage, options?: SendOptions) => Promise<void>;
  onRequest?: RequestHandler;
  onNotification?: NotificationHandler;
  clock?: Clock;
  /** Makes request ids; defaults to a counter. */
  nextId?: () => RequestId;
  /**
   * Whether frames are wanted now, besides someone listening to `frames`: a relay that listens on
   * behalf of its own listeners says here when it has none, so no frame is made for nobody.
   */
  wantsFrames?: () => boolean;
}

/**
 * A JSON-RPC peer: a pending map for what we asked, a dispatcher for what we are asked. An entry is
 * registered before the write, so a fast response is never lost, and it leaves by exactly one of:
 * response, failed write, timeout, abort, or close (which rejects all that are left).
 */
export class Connection {
  readonly frames = new Emitter<Frame>();
  readonly #pending = new PendingRequests<Pending>();
  readonly #options: ConnectionOptions;
  readonly #clock: Clock;
  #counter = 0;
  #closed = false;
  #closedReason: McpError | undefined;

  constructor(options: ConnectionOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Wires a transport's events to this connection and returns the undo. */
  static over(transport: Channel, options: Omit<ConnectionOptions, "send">): { connection: Connection; detach: () => void } {
    const connection = new Connection({ ...options, send: (m, o) => transport.send(m, o) });
    const detach = transport.subscribe((event) => {
      if (event.type === "message") connection.receive(event.message, event);
      else if (event.type === "error") connection.receiveBroken(event.raw, event.error, event.relatedRequestId);
      else connection.close(new McpError({ kind: "closed", message: `connection closed${event.reason ? `: ${event.reason}` : ""}` }));
    });
    return { connection, detach };
  }

  newId(): RequestId {
    return this.#options.nextId ? this.#options.nextId() : ++this.#counter;
  }

  /** Sends a request and resolves with its result; a JSON-RPC error rejects as kind `protocol`. */
  request(method: string, params: Record<string, unknown> | undefined, options: RequestOptions & { id?: RequestId } = {}): Promise<Record<string, unknown>> {
    if (this.#closed) return Promise.reject(this.#closedError());
    const id = options.id ?? this.newId();
    const message = request(id, method, params);
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      // Every field set here, so all entries share one shape.
      const entry: Pending = { method, startedAt: this.#clock.now(), resolve, reject, timeoutMs: options.timeoutMs, timer: undefined, holds: 0, cleanup: undefined };
      this.#pending.set(id, entry);
      const { signal, cancel } = options;
      if (signal !== undefined || cancel !== undefined) {
        const onAbort = (): void => this.#settle(id, undefined, new McpError({ kind: "cancelled", message: `${method} was cancelled` }));
        if (signal?.aborted || cancel?.aborted) return onAbort();
        signal?.addEventListener("abort", onAbort, { once: true });
        const undo = cancel?.onAbort(onAbort);
        entry.cleanup = () => {
          signal?.removeEventListener("abort", onAbort);
          undo?.();
        };
      }
      this.#arm(id, entry);
      this.#write(message, options).then(undefined, (e: unknown) => this.#settle(id, undefined, toMcpError(e)));
    });
  }

  notify(method: string, params?: Record<string, unknown>, options?: SendOptions): Promise<void> {
    if (this.#closed) return Promise.reject(this.#closedError());
    return this.#write(notification(method, params), options);
  }

  /** Holds a pending request's timeout, e.g. while a person answers a form the request waits on. */
  hold(id: RequestId): () => void {
    const entry = this.#pending.get(id);
    if (!entry) return () => undefined;
    entry.holds++;
    if (entry.timer !== undefined) this.#clock.clearTimeout(entry.timer);
    entry.timer = undefined;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.holds--;
      if (this.#pending.get(id) === entry) this.#arm(id, entry);
    };
  }

  /** Fails one pending request from outside, e.g. when its HTTP stream broke. */
  fail(id: RequestId, error: McpError): void {
    this.#settle(id, undefined, error);
  }

  isPending(id: RequestId): boolean {
    return this.#pending.has(id);
  }

  pendingMethod(id: RequestId): string | undefined {
    return this.#pending.get(id)?.method;
  }

  /** Takes one parsed message from the peer. */
  receive(message: JsonRpcMessage, context: IncomingContext = {}): void {
    // The frame is for the log; a connection nobody logs (a server's, usually) skips making it.
    const logged = this.#logging();
    const raw = logged ? (context.raw ?? JSON.stringify(message)) : "";
    const frame: Frame | undefined = logged ? { direction: "in", message, raw, size: byteLength(raw), at: this.#clock.now() } : undefined;
    if (frame && context.relatedRequestId !== undefined) frame.relatedRequestId = context.relatedRequestId;
    if (isResultResponse(message) || (isErrorResponse(message) && message.id != null)) {
      const id = message.id as RequestId;
      if (frame) {
        const entry = this.#pending.get(id);
        frame.relatedRequestId = id;
        if (entry) {
          frame.method = entry.method;
          frame.latencyMs = frame.at - entry.startedAt;
        }
        this.frames.emit(frame);
      }
      if (isResultResponse(message)) this.#settle(id, message.result, undefined);
      else this.#settle(id, undefined, McpError.fromRpc(message.error));
      return;
    }
    if (frame) this.frames.emit(frame);
    if (isRequest(message)) this.#answer(message, context);
    else if (isNotification(message)) this.#options.onNotification?.(message, context);
  }

  /**
   * Takes a transport failure. With `raw`, a frame that could not be parsed: it is logged and, since
   * one bad frame on a stream may be followed by good ones, fails nothing by itself, unless it still
   * shows whose it is (see #salvage). Without `raw`, the stream of `relatedRequestId` broke, so that
   * request can no longer be answered and fails.
   */
  receiveBroken(raw: string | undefined, error: McpError, relatedRequestId?: RequestId): void {
    if (raw !== undefined) {
      const frame: Frame = { direction: "in", message: undefined, raw, size: byteLength(raw), at: this.#clock.now(), error: error.message };
      if (relatedRequestId !== undefined) frame.relatedRequestId = relatedRequestId;
      this.frames.emit(frame);
      this.#salvage(raw, error);
      return;
    }
    if (relatedRequestId !== undefined) this.fail(relatedRequestId, error);
  }

  /**
   * An unreadable frame whose id can still be read is not dropped in silence: an answer
   * fails the request it answers at once, since nothing else will answer it (not a timeout later),
   * and a request gets an error reply, as JSON-RPC's receiving side always answers.
   */
  #salvage(raw: string, error: McpError): void {
    const head = peekFrame(raw);
    if (head.id === undefined) return;
    const entry = this.#pending.get(head.id);
    if (entry && head.kind !== "request" && head.kind !== "notification") {
      const message = `the answer to ${entry.method} could not be read: ${error.message}`;
      this.fail(head.id, new McpError({ kind: error.kind, message, ...(error.reason ? { reason: error.reason } : {}), cause: error }));
    } else if (head.kind === "request" && !this.#closed) {
      const code = error.reason?.type === "badFrame" && error.reason.problem === "notJson" ? ErrorCode.ParseError : ErrorCode.InvalidRequest;
      void this.#write(errorResponse(head.id, { code, message: `could not read this request: ${error.message}` }), { relatedRequestId: head.id }).catch(
        (e: unknown) => console.warn("could not refuse an unreadable request:", toMcpError(e).message),
      );
    }
  }

  /** Rejects every pending request; later calls fail at once. */
  close(error?: McpError): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#closedReason = error;
    if (this.#pending.size === 0) return;
    const reason = this.#closedError();
    for (const id of this.#pending.ids()) this.#settle(id, undefined, reason);
  }

  // Made only when something is rejected with it: a stateless HTTP session closes after every
  // request with nothing pending, and an Error's stack trace is not free.
  #closedError(): McpError {
    return (this.#closedReason ??= new McpError({ kind: "closed", message: "connection closed" }));
  }

  /** Answers a request from the peer; not async (a callback pair on the handler's promise costs less garbage per message than an async layer). */
  #answer(message: JsonRpcRequest, context: IncomingContext): void {
    if (!this.#options.onRequest) {
      this.#reply(message, errorResponse(message.id, { code: ErrorCode.MethodNotFound, message: `method not found: ${message.method}` }));
      return;
    }
    let handled: Promise<Record<string, unknown>>;
    try {
      // Called as a method of the options, so a host may pass an object whose onRequest is one.
      handled = Promise.resolve(this.#options.onRequest(message, context));
    } catch (e) {
      handled = Promise.reject(e);
    }
    handled.then(
      (result) => this.#reply(message, resultResponse(message.id, result)),
      (e: unknown) => this.#reply(message, handlerError(message.id, e)),
    );
  }

  #reply(request: JsonRpcRequest, reply: JsonRpcMessage): void {
    if (this.#closed) return;
    this.#write(reply, { relatedRequestId: request.id }, request.method).then(undefined, (e: unknown) => {
      console.warn(`could not answer ${request.method}:`, toMcpError(e).message);
    });
  }

  /**
   * Logs and sends one message. `answers`: for a reply, the method of the request it answers
   * (Frame.method, on both directions). Not async, as an async layer costs every message ~0.4 kB of
   * garbage, so a message that cannot be serialized, or a send that throws, rejects here.
   */
  #write(message: JsonRpcMessage, options?: SendOptions, answers?: string): Promise<void> {
    try {
      const raw = JSON.stringify(message);
      if (this.#logging()) {
        const frame: Frame = { direction: "out", message, raw, size: byteLength(raw), at: this.#clock.now() };
        if (answers !== undefined) frame.method = answers;
        if ("id" in message && message.id != null) frame.relatedRequestId = message.id;
        else if (options?.relatedRequestId !== undefined) frame.relatedRequestId = options.relatedRequestId;
        this.frames.emit(frame);
      }
      // The options a transport reads, copied field by field: a spread of the caller's object (whose
      // shape varies by caller) took V8's slow path on every message.
      const sent: SendOptions = { raw };
      if (options !== undefined) {
        if (options.headers !== undefined) sent.headers = options.headers;
        if (options.signal !== undefined) sent.signal = options.signal;
        if (options.relatedRequestId !== undefined) sent.relatedRequestId = options.relatedRequestId;
      }
      return this.#options.send(message, sent);
    } catch (e) {
      return Promise.reject(e);
    }
  }

  #logging(): boolean {
    return this.frames.size > 0 && (this.#options.wantsFrames?.() ?? true);
  }

  #arm(id: RequestId, entry: Pending): void {
    if (entry.timeoutMs === undefined || entry.holds > 0) return;
    entry.timer = this.#clock.setTimeout(this.#expiry(id, entry, entry.timeoutMs), entry.timeoutMs);
  }

  /** A request's timer callback, made apart from #arm: the scope a closure keeps is made on entry to its function, timer or not. */
  #expiry(id: RequestId, entry: Pending, ms: number): () => void {
    return () => this.#settle(id, undefined, new McpError({ kind: "timeout", message: `${entry.method} got no answer in ${ms} ms` }));
  }

  #settle(id: RequestId, result: Record<string, unknown> | undefined, error: McpError | undefined): void {
    const entry = this.#pending.get(id);
    if (!entry) return;
    this.#pending.delete(id);
    if (entry.timer !== undefined) this.#clock.clearTimeout(entry.timer);
    entry.cleanup?.();
    if (error) entry.reject(error);
    else entry.resolve(result ?? {});
  }
}

/** The receiving side always answers: a thrown handler error becomes a JSON-RPC error. */
function handlerError(id: RequestId, e: unknown): JsonRpcMessage {
  const error = toMcpError(e, "protocol");
  return errorResponse(id, error.code === undefined ? { code: ErrorCode.InternalError, message: error.message } : error.toJson());
}

const NOT_ASCII = /[^\x00-\x7f]/;

/**
 * The UTF-8 size of `text` in bytes, counted without encoding it: every frame is measured, and an
 * encode per frame would allocate a copy of it. A lone surrogate counts 3 bytes, as TextEncoder
 * writes it (U+FFFD).
 */
export function byteLength(text: string): number {
  // Most frames are ASCII: the regex engine finds the first other character (or none) several times
  // faster than a character loop, cold or hot; the loop counts only from there.
  const first = text.search(NOT_ASCII);
  if (first < 0) return text.length;
  let bytes = text.length;
  for (let i = first; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a surrogate pair: 2 UTF-16 units, 4 bytes
      i++;
    } else bytes += 2;
  }
  return bytes;
}
