import { Emitter } from "../jsonrpc/events";
import { McpError } from "../errors";
import { isErrorResponse, isRequest, parseFrame, type JsonRpcMessage, type RequestId } from "../jsonrpc/messages";
import { eraOf, type Era } from "../protocol/revisions";
import { checkedHeaders, commonHeaders, contentTypeOf, eraFor, methodOf, postHeaderRecord, snippet, type WireState } from "./httpHeaders";
import { frameEvent, pumpStream, type HttpLogEntry, type Reconnected } from "./httpStream";
import { toolHeaderRules } from "./headers";
import { readCappedText } from "./readBody";
import type { HumanWaits } from "../jsonrpc/humanWaits";
import type { SendOptions, Transport, TransportCapabilities, TransportEvent } from "./transport";

export type { HttpLogEntry } from "./httpStream";

/** What the host gives the transport; fetch and timers come in so browser and tests can supply their own. */
export interface StreamableHttpOptions {
  /** Sent on every request, e.g. `Authorization`; protocol headers win over these. */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  onLog?: (entry: HttpLogEntry) => void;
  /**
   * Sign-in (src/core/auth): wraps fetch so every request carries its bearer token and a 401 or 403
   * insufficient_scope runs the authorization flow and retries. Without it, a 401 fails at once.
   */
  auth?: HttpAuth;
}

/** What the transport needs of an authorization provider (OAuthClient implements it). */
export interface HttpAuth {
  wrapFetch(fetch: typeof globalThis.fetch): typeof globalThis.fetch;
  /** Open while a person signs in; the transport hands it to its client, whose timers then stand still. */
  readonly humanWaits?: HumanWaits;
}

/** close() does not wait longer than this for the server to acknowledge the session's end. */
const DELETE_TIMEOUT_MS = 5000;

/**
 * The Streamable HTTP client transport in both flavours: 2025-03-26…2025-11-25 (sessions, GET
 * stream, resumable SSE; spec "Transports") and 2026-07-28 (POST only, SEP-2243 headers, closing
 * the stream cancels). 2024-11-05 servers are spoken to in the legacy flavour too.
 */
export class StreamableHttpTransport implements Transport {
  readonly kind = "http" as const;
  readonly capabilities: TransportCapabilities = { paramHeaders: toolHeaderRules, abortClosesStream: true, standaloneStream: true, sessions: true };
  readonly #url: string;
  readonly #headers: Record<string, string>;
  /** #headers as Headers holds them, checked once (undefined: refused, and every POST says why). */
  readonly #checkedHeaders: Record<string, string> | undefined;
  readonly #fetch: typeof fetch;
  readonly #setTimeout: (callback: () => void, ms: number) => unknown;
  readonly #clearTimeout: (handle: unknown) => void;
  readonly #onLog: ((entry: HttpLogEntry) => void) | undefined;
  readonly #events = new Emitter<TransportEvent>();
  /** Every live request and stream, with the undo of its hook on the caller's signal; close() aborts them all. */
  readonly #live = new Map<AbortController, () => void>();
  #revision: string | undefined;
  #sessionId: string | undefined;
  #standalone = false;
  #closed = false;
  readonly #signIn: boolean;
  readonly humanWaits: HumanWaits | undefined;

  constructor(url: string, options: StreamableHttpOptions = {}) {
    this.humanWaits = options.auth?.humanWaits;
    this.#url = url;
    this.#headers = { ...options.headers };
    this.#checkedHeaders = checkedHeaders(this.#headers);
    const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#fetch = options.auth ? options.auth.wrapFetch(baseFetch) : baseFetch;
    this.#signIn = options.auth !== undefined;
    this.#setTimeout = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
    this.#clearTimeout =
      options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>));
    this.#onLog = options.onLog;
  }

  /** The legacy session the server assigned on initialize, for display; never used on 2026-07-28. */
  get sessionId(): string | undefined {
    return this.#sessionId;
  }

  setProtocolVersion(revision: string | undefined): void {
    this.#revision = revision;
  }

  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.#events.subscribe(listener);
  }

  async send(message: JsonRpcMessage, options: SendOptions = {}): Promise<void> {
    if (this.#closed) throw new McpError({ kind: "closed", message: "HTTP transport is closed" });
    const era = eraFor(message, this.#revision);
    // initialize opens a new session: an old id is never carried into it (spec: session management).
    if (isRequest(message) && message.method === "initialize") this.#sessionId = undefined;
    const sentSession = era === "legacy" && this.#sessionId !== undefined;
    const wire = { era, custom: this.#headers, revision: this.#revision, sessionId: this.#sessionId, message };
    const headers = postHeaderRecord(wire, options.headers, this.#checkedHeaders);
    const requestId = isRequest(message) ? message.id : undefined;
    // fetch gets the caller's own signal, and only when there is one: fetch hooks every signal it is
    // given (a listener, a WeakRef, a finalizer), which costs more than the rest of a round here, so
    // no signal of ours is put between. The app's tool calls carry one (the input driver's Cancel).
    // close() therefore aborts no POST: an answer that comes after it is dropped (#emit), and an SSE
    // response stream, tracked from when it starts, is stopped.
    const signal = options.signal;
    const body = options.raw ?? JSON.stringify(message);
    const what = `POST ${methodOf(message)}`;
    let response: Response;
    try {
      response = await this.#fetch(this.#url, signal === undefined ? { method: "POST", headers, body } : { method: "POST", headers, body, signal });
    } catch (error) {
      throw this.#fail(undefined, error, what, signal);
    }
    try {
      if (era === "legacy" && isRequest(message) && message.method === "initialize") {
        this.#sessionId = response.headers.get("mcp-session-id") ?? undefined;
      } else if (era === "modern" && response.headers.has("mcp-session-id")) {
        this.#log("debug", "ignored Mcp-Session-Id: 2026-07-28 has no sessions");
      }
      const type = contentTypeOf(response);
      const text = this.#postBody(what, response, type, era, sentSession, requestId, signal);
      if (text !== undefined) this.#acceptPostBody(what, response, type, await text, requestId);
    } catch (error) {
      // An SSE answer is tracked from when its pump starts, and nothing after that throws here.
      throw this.#fail(undefined, error, what, signal);
    }
  }

  /**
   * Opens the legacy standalone GET stream for server messages not tied to a request (2025-03-26
   * on, "Listening for Messages from the Server"). A 405 means the server offers none: fine. So does
   * a 404 here: servers without a GET route answer it, and it must not cost the session (a session
   * that really expired shows on the next POST).
   */
  async openStandaloneStream(): Promise<void> {
    if (this.#closed) throw new McpError({ kind: "closed", message: "HTTP transport is closed" });
    if (this.#revision !== undefined && eraOf(this.#revision) === "modern") {
      this.#log("debug", "no standalone stream on 2026-07-28; use subscriptions/listen");
      return;
    }
    if (this.#standalone) return;
    this.#standalone = true; // set before the GET, so two calls cannot open two streams
    const live = this.#track(undefined);
    let opened: Reconnected | undefined;
    try {
      const response = await this.#get(undefined, live.signal);
      if (response.status === 405 || response.status === 404) await response.body?.cancel();
      else opened = await this.#asStream(response, "standalone GET");
    } catch (error) {
      this.#standalone = false;
      throw this.#fail(live, error, "GET (standalone stream)");
    }
    if (opened === undefined || !opened.ok) {
      this.#standalone = false;
      this.#untrack(live);
      if (opened === undefined) return this.#log("debug", "server offers no standalone GET stream (405 or 404)");
      throw opened.error;
    }
    void this.#pump(opened.body, undefined, "legacy", live, true).finally(() => {
      this.#standalone = false;
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const live of this.#live.keys()) live.abort();
    this.#live.clear();
    if (this.#sessionId !== undefined) {
      // Ending the session is a SHOULD; a 405 or a dead server changes nothing for us.
      const deadline = new AbortController();
      const timer = this.#setTimeout(() => deadline.abort(), DELETE_TIMEOUT_MS);
      try {
        const headers = commonHeaders(this.#wire("legacy"));
        const response = await this.#fetch(this.#url, { method: "DELETE", headers, signal: deadline.signal });
        await response.body?.cancel();
        if (!response.ok && response.status !== 405) this.#log("warn", `DELETE of the session answered HTTP ${response.status}`);
      } catch (error) {
        this.#log("warn", "DELETE of the session failed", error);
      } finally {
        this.#clearTimeout(timer);
      }
      this.#sessionId = undefined;
    }
    this.#events.emit({ type: "close", reason: "closed" });
    this.#events.clear();
  }

  /** What the header builders need to know about this transport's state. */
  #wire(era: Era): WireState {
    return { era, custom: this.#headers, revision: this.#revision, sessionId: this.#sessionId };
  }

  #get(lastEventId: string | undefined, signal: AbortSignal): Promise<Response> {
    const headers = commonHeaders(this.#wire("legacy"));
    headers.set("Accept", "text/event-stream");
    if (lastEventId !== undefined) headers.set("Last-Event-ID", lastEventId);
    return this.#fetch(this.#url, { method: "GET", headers, signal });
  }

  /**
   * The body of the answer to a POST (`what` names it in errors), or undefined for an SSE stream:
   * that is read in the background under a controller of its own, live until the stream is done.
   */
  #postBody(
    what: string,
    response: Response,
    type: string,
    era: Era,
    sentSession: boolean,
    requestId: RequestId | undefined,
    signal: AbortSignal | undefined,
  ): Promise<string> | undefined {
    if (era === "legacy" && sentSession && response.status === 404) return this.#sessionExpired(what, response);
    if (response.ok && type === "text/event-stream" && response.body) {
      void this.#pump(response.body, requestId, era, this.#track(signal));
      return undefined;
    }
    // Capped: a hostile server's 10 MB or endless body is refused, not buffered whole.
    return readCappedText(response, what);
  }

  async #sessionExpired(what: string, response: Response): Promise<never> {
    await response.body?.cancel();
    this.#sessionId = undefined;
    throw new McpError({ kind: "transport", status: 404, message: `${what}: the session expired (HTTP 404); initialize again` });
  }

  /** Handles a POST's answer that is not a stream: a JSON frame, an empty acknowledgement, or an HTTP error. */
  #acceptPostBody(what: string, response: Response, type: string, text: string, requestId: RequestId | undefined): void {
    if (!response.ok) {
      const parsed = parseFrame(text);
      if (parsed.ok && isErrorResponse(parsed.message)) {
        const error = parsed.message;
        // An error with no id cannot be matched to a request, so it fails this send instead.
        if (error.id === undefined || error.id === null) throw McpError.fromRpc(error.error, response.status);
        this.#emit(frameEvent(text, requestId));
        return;
      }
      if (response.status === 401 || response.status === 403) throw unauthorized(what, response, text, this.#signIn);
      throw new McpError({ kind: "transport", status: response.status, message: `${what}: HTTP ${response.status}: ${snippet(text)}` });
    }
    if (text.trim() === "") {
      if (requestId === undefined) return; // 202 (or an empty 200) for a notification or response
      throw new McpError({ kind: "transport", status: response.status, message: `${what}: HTTP ${response.status} with no body` });
    }
    if (type !== "application/json" && !type.endsWith("+json")) {
      throw new McpError({
        kind: "transport",
        status: response.status,
        message: `${what}: unexpected Content-Type ${JSON.stringify(type)}: ${snippet(text)}`,
      });
    }
    const event = frameEvent(text, requestId);
    this.#emit(event);
    // A JSON body is the request's only frame: unreadable, nothing else will ever answer the request.
    if (event.type === "error" && requestId !== undefined) throw event.error;
  }

  /** A GET answer as an SSE body, or the reason it is not one. */
  async #asStream(response: Response, what: string): Promise<Reconnected> {
    if (response.ok && contentTypeOf(response) === "text/event-stream" && response.body) return { ok: true, body: response.body };
    const text = await response.text().catch((error: unknown) => `(body unreadable: ${String(error)})`);
    if (response.status === 404 && this.#sessionId !== undefined) this.#sessionId = undefined;
    return {
      ok: false,
      error: new McpError({ kind: "transport", status: response.status, message: `${what}: HTTP ${response.status}: ${snippet(text)}` }),
    };
  }

  /** Reads a stream in the background; never rejects (a failure becomes an `error` event). */
  async #pump(
    body: ReadableStream<Uint8Array>,
    requestId: RequestId | undefined,
    era: Era,
    live: AbortController,
    standalone = false,
  ): Promise<void> {
    const session = this.#sessionId;
    try {
      await pumpStream(body, {
        requestId,
        standalone,
        resumable: era === "legacy",
        signal: live.signal,
        reconnect: async (lastEventId) => {
          // The stream's session is gone (a 404 since): no process can resume it, so say so.
          if (era === "legacy" && session !== undefined && this.#sessionId !== session) {
            return { ok: false, error: new McpError({ kind: "transport", status: 404, message: "the server no longer knows this session (HTTP 404 on it): connect again" }) };
          }
          return this.#asStream(await this.#get(lastEventId, live.signal), "resuming GET");
        },
        sleep: (ms) => this.#sleep(ms, live.signal),
        emit: (event) => this.#emit(event),
        log: (entry) => this.#log(entry.level, entry.message, entry.data),
      });
    } catch (error) {
      const related = requestId === undefined ? {} : { relatedRequestId: requestId };
      this.#emit({ type: "error", error: new McpError({ kind: "transport", message: "reading the stream failed", cause: error }), ...related });
    } finally {
      this.#untrack(live);
    }
  }

  #emit(event: TransportEvent): void {
    if (!this.#closed) this.#events.emit(event);
  }

  #log(level: HttpLogEntry["level"], message: string, data?: unknown): void {
    try {
      this.#onLog?.(data === undefined ? { level, message } : { level, message, data });
    } catch (error) {
      console.error("onLog failed", error);
    }
  }

  /** A controller for one request or stream, aborted by the caller's signal or by close(). */
  #track(signal: AbortSignal | undefined): AbortController {
    const live = new AbortController();
    if (signal?.aborted) live.abort(signal.reason);
    const onAbort = (): void => live.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    this.#live.set(live, () => signal?.removeEventListener("abort", onAbort));
    return live;
  }

  /** Done with a request or stream that may still be open: unhooks it, and aborting it ends whatever is left. */
  #untrack(live: AbortController): void {
    this.#live.get(live)?.();
    this.#live.delete(live);
    live.abort();
  }

  /**
   * The McpError for a failed request, worked out before its controller is released (which aborts
   * it). `signal`: the caller's, which fetch had directly; aborted, the failure is a cancellation.
   */
  #fail(live: AbortController | undefined, error: unknown, what: string, signal?: AbortSignal): McpError {
    const aborted = live?.signal.aborted === true || signal?.aborted === true;
    const failure = error instanceof McpError ? error : this.#fetchFailure(error, aborted, what);
    if (live !== undefined) this.#untrack(live);
    return failure;
  }

  #fetchFailure(error: unknown, aborted: boolean, what: string): McpError {
    if (aborted) {
      return this.#closed
        ? new McpError({ kind: "closed", message: `${what}: the transport was closed`, cause: error })
        : new McpError({ kind: "cancelled", message: `${what}: cancelled`, cause: error });
    }
    const reason = error instanceof Error ? error.message : String(error);
    // A sign-in that failed (HttpAuth) carries the status it answers, so the client does not retry it.
    const status = authStatus(error);
    return new McpError({ kind: "transport", message: `${what} to ${this.#url} failed: ${reason}`, cause: error, ...(status ? { status } : {}) });
  }

  #sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const onAbort = (): void => {
        this.#clearTimeout(handle);
        resolve();
      };
      const handle = this.#setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }
}

/** The HTTP status a failed sign-in stands for (AuthFlowError.status), if the error has one. */
export function authStatus(error: unknown): number | undefined {
  const status = error instanceof Error && "status" in error ? error.status : undefined;
  return typeof status === "number" ? status : undefined;
}

/** A 401/403 the sign-in did not (or could not) resolve, in words: never retried, so never a hang. */
function unauthorized(what: string, response: Response, text: string, signIn: boolean): McpError {
  const challenge = response.headers.get("www-authenticate");
  const hint =
    response.status === 403
      ? signIn
        ? "the server refused this request even after signing in again (step-up limit reached or not allowed)"
        : "the server refused this request (forbidden)"
      : signIn
        ? "the server refused the credentials after signing in again"
        : "the server requires authorization and sign-in is off: turn on sign-in (OAuth) or set an Authorization header";
  return new McpError({
    kind: "transport",
    status: response.status,
    message: `${what}: HTTP ${response.status}: ${hint}${challenge ? ` (WWW-Authenticate: ${snippet(challenge)})` : ""}; body: ${snippet(text)}`,
  });
}
