// The bridge's stdio transport, in a file of its own: the app's first view checks a bridge
// (./bridge.ts) but spawns through it only when the user connects to a command.
import { Emitter } from "../jsonrpc/events";
import { McpError } from "../errors";
import { MAX_FRAME_LENGTH } from "../jsonrpc/limits";
import type { JsonRpcMessage } from "../jsonrpc/messages";
import { isObject } from "../util/isObject";
import { authorized, base, bridgeError, describeExit, unreachable, type BridgeEndpoint } from "./bridge";
import { BRIDGE_EVENTS, BRIDGE_PATHS, type ExitInfo, type SpawnSpec, type SpawnedSession } from "./bridgeProtocol";
import { frameEvent } from "./httpStream";
import { readSse } from "./sse";
import type { Transport, TransportCapabilities, TransportEvent } from "./transport";

/** close() waits no longer than this for the bridge to confirm the process is being stopped. */
const DELETE_TIMEOUT_MS = 5000;

export interface BridgeStdioOptions {
  fetch?: typeof fetch;
  /** Each line the process writes to stderr (logs, not errors: spec "stdio"). */
  onStderr?(line: string): void;
  /** Each stdout line that is not a JSON-RPC message, besides its broken-frame `error` event. */
  onStdoutGarbage?(line: string): void;
  /** The process ended (or never started). */
  onExit?(exit: ExitInfo): void;
}

/**
 * A stdio MCP server run by the local bridge (spec "stdio", both eras). Server→client lines arrive
 * on the session's SSE stream exactly as printed, many to an event (see BRIDGE_EVENTS); each client message is one POST, and POSTs are
 * sent one at a time so the process reads them in the order they were sent. A line that is not a
 * JSON-RPC message becomes a broken-frame `error` event and reading goes on; the process's exit
 * closes the transport with the exit code and the last stderr lines.
 */
export class BridgeStdioTransport implements Transport {
  readonly kind = "stdio" as const;
  readonly capabilities: TransportCapabilities = { paramHeaders: false, abortClosesStream: false, standaloneStream: false, sessions: false };
  readonly session: SpawnedSession;
  readonly #endpoint: BridgeEndpoint;
  readonly #fetch: typeof fetch;
  readonly #options: BridgeStdioOptions;
  readonly #events = new Emitter<TransportEvent>();
  readonly #stream = new AbortController();
  #queue: Promise<void> = Promise.resolve();
  #exit: ExitInfo | undefined;
  #closed = false;
  /** The close event went out (the stream ended); close() still tells the bridge to forget the session. */
  #ended = false;
  /** The start of a stdout line still being written (`stdout-part` events), and its length; the line's end completes it. */
  #parts: string[] = [];
  #partsLength = 0;

  private constructor(endpoint: BridgeEndpoint, session: SpawnedSession, options: BridgeStdioOptions) {
    this.#endpoint = endpoint;
    this.session = session;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#options = options;
  }

  /**
   * Asks the bridge to spawn `spec` and opens its event stream. The caller is responsible for the
   * user having confirmed exactly this spec; the bridge spawns nothing else.
   */
  static async spawn(endpoint: BridgeEndpoint, spec: SpawnSpec, options: BridgeStdioOptions = {}): Promise<BridgeStdioTransport> {
    const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
    let response: Response;
    try {
      response = await fetchFn(`${base(endpoint)}${BRIDGE_PATHS.sessions}`, {
        method: "POST",
        headers: authorized(endpoint, { "Content-Type": "application/json" }),
        body: JSON.stringify(spec),
      });
    } catch (error) {
      throw unreachable(endpoint, error);
    }
    if (response.status !== 201) throw await bridgeError(response, `spawning ${spec.command}`);
    const session = (await response.json()) as SpawnedSession;
    const transport = new BridgeStdioTransport(endpoint, session, options);
    try {
      await transport.#open();
    } catch (error) {
      await transport.close();
      throw error;
    }
    return transport;
  }

  /** How the process ended, once it has. */
  get exit(): ExitInfo | undefined {
    return this.#exit;
  }

  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.#events.subscribe(listener);
  }

  send(message: JsonRpcMessage): Promise<void> {
    const sent = this.#queue.then(() => this.#post(message));
    this.#queue = sent.catch(() => undefined);
    return sent;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stream.abort();
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), DELETE_TIMEOUT_MS);
    try {
      const response = await this.#fetch(this.#sessionUrl(""), { method: "DELETE", headers: authorized(this.#endpoint), signal: deadline.signal });
      await response.body?.cancel();
    } catch {
      // The bridge is gone or slow: it stops orphaned processes itself.
    } finally {
      clearTimeout(timer);
    }
    if (!this.#ended) this.#events.emit({ type: "close", reason: "closed" });
    this.#ended = true;
    this.#events.clear();
  }

  #sessionUrl(suffix: string): string {
    return `${base(this.#endpoint)}${BRIDGE_PATHS.sessions}/${encodeURIComponent(this.session.id)}${suffix}`;
  }

  async #post(message: JsonRpcMessage): Promise<void> {
    if (this.#closed || this.#exit) {
      throw new McpError({ kind: "closed", message: this.#exit ? describeExit(this.#exit) : "stdio transport is closed", ...(this.#exit ? { reason: { type: "exit" as const, exit: this.#exit } } : {}) });
    }
    let response: Response;
    try {
      response = await this.#fetch(this.#sessionUrl("/messages"), {
        method: "POST",
        headers: authorized(this.#endpoint, { "Content-Type": "application/json" }),
        body: JSON.stringify(message),
      });
    } catch (error) {
      throw unreachable(this.#endpoint, error);
    }
    if (response.status === 202) return void (await response.body?.cancel());
    const error = await bridgeError(response, "writing to the server's stdin");
    if (response.status === 404 || response.status === 410) throw new McpError({ kind: "closed", message: error.message, ...(error.reason ? { reason: error.reason } : {}) });
    throw error;
  }

  async #open(): Promise<void> {
    let response: Response;
    try {
      response = await this.#fetch(this.#sessionUrl("/events"), {
        headers: authorized(this.#endpoint, { Accept: "text/event-stream" }),
        signal: this.#stream.signal,
      });
    } catch (error) {
      throw unreachable(this.#endpoint, error);
    }
    if (!response.ok || !response.body) throw await bridgeError(response, "opening the server's output stream");
    void this.#pump(response.body);
  }

  async #pump(body: ReadableStream<Uint8Array>): Promise<void> {
    let broke: unknown;
    try {
      await readSse(body, { onEvent: (event) => this.#onEvent(event.event, event.data) });
    } catch (error) {
      broke = error;
    }
    if (this.#closed) return;
    const reason = this.#exit ? describeExit(this.#exit) : `lost the bridge's output stream${broke ? `: ${String(broke)}` : ""}`;
    this.#ended = true;
    this.#events.emit({ type: "close", reason });
  }

  #onEvent(type: string | undefined, data: string): void {
    if (this.#closed) return;
    // Lines as the process wrote them, one per `data:` field: no JSON around them.
    if (type === BRIDGE_EVENTS.stdoutLines) {
      for (const line of data.split("\n")) {
        this.#stdoutLine(this.#withParts(line));
        if (this.#closed) return;
      }
      return;
    }
    if (type === BRIDGE_EVENTS.stdoutPart) return this.#addPart(data);
    if (type === BRIDGE_EVENTS.stderrLines) {
      for (const line of data.split("\n")) this.#options.onStderr?.(line);
      return;
    }
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return; // the bridge always sends JSON; anything else is not ours to interpret
    }
    if (type === BRIDGE_EVENTS.stdout && typeof payload === "string") {
      this.#stdoutLine(this.#withParts(payload));
    } else if (type === BRIDGE_EVENTS.stdoutPartJson && typeof payload === "string") {
      this.#addPart(payload);
    } else if (type === BRIDGE_EVENTS.stderr && typeof payload === "string") {
      this.#options.onStderr?.(payload);
    } else if (type === BRIDGE_EVENTS.notice && typeof payload === "string") {
      // The bridge's own word about this session's output (a line it cut), shown with the server's stderr.
      this.#options.onStderr?.(`[presa bridge] ${payload}`);
    } else if (type === BRIDGE_EVENTS.exit && isObject(payload)) {
      this.#exit = payload as unknown as ExitInfo;
      this.#options.onExit?.(this.#exit);
    }
  }

  /** Keeps a part of a line (past MAX_FRAME_LENGTH the rest is dropped: the frame is refused as too large all the same). */
  #addPart(text: string): void {
    if (this.#partsLength > MAX_FRAME_LENGTH) return;
    this.#parts.push(text);
    this.#partsLength += text.length;
  }

  /** A stdout line's end, with the parts of it that came before (if any) in front. */
  #withParts(end: string): string {
    if (this.#parts.length === 0) return end;
    this.#parts.push(end);
    const line = this.#parts.join("");
    this.#parts = [];
    this.#partsLength = 0;
    return line;
  }

  #stdoutLine(line: string): void {
    const event = frameEvent(line, undefined);
    if (event.type === "error") this.#options.onStdoutGarbage?.(line);
    this.#events.emit(event);
  }
}
