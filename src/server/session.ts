import {
  Connection,
  PendingRequests,
  type Clock,
  type IncomingContext,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type RequestId,
  ErrorCode,
  META,
  eraOf,
  newestFirst,
  isObject,
  copyOwn,
  type ClientCapabilities,
  type Implementation,
  type Root,
  type SendOptions,
} from "../core/protocol";
import { changeMethod } from "./changes";
import { LazyAbort } from "./context";
import type { LogLevel, SessionRoots, SessionView } from "./definitions";
import { methodNotFound, invalidParams, rpcError } from "./rpcError";
import { routeRequest, type RequestScope } from "./routes";
import type { McpServer } from "./server";

export interface SessionOptions {
  /** Writes a message to the client; `relatedRequestId` names the client request it belongs to. */
  send(message: JsonRpcMessage, options?: { relatedRequestId?: RequestId; raw?: string }): Promise<void>;
  /** The caller identity when the transport gives none per message. */
  caller?: string;
}

interface LegacyState {
  revision: string;
  capabilities: ClientCapabilities;
  clientInfo: Implementation | undefined;
  initialized: boolean;
  logLevel: LogLevel | undefined;
}

const LEGACY_ONLY = new Set(["initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe"]);

/**
 * One client as the server sees it. Requests that carry 2026-07-28 `_meta` are served statelessly;
 * an `initialize` opens an initialize-era session on this same object (a stdio process or an HTTP
 * session), whose later requests may be answered with live server→client requests.
 */
export class ServerSession {
  readonly connection: Connection;
  readonly #server: McpServer;
  readonly #caller: string;
  /** Requests being served, for their cancellation (a stateless POST's session serves only one). */
  readonly #inflight = new PendingRequests<LazyAbort>();
  #legacy: LegacyState | undefined;
  #unlisten: (() => void) | undefined;
  /** Initialize era: the resource URIs this session subscribed to (resources/subscribe). */
  #watched: Set<string> | undefined;
  /** Initialize era: the client's roots once a handler asked to watch them (SessionView.watchRoots). */
  #roots: SessionRoots | undefined;
  /** Initialize era: what a handler sees of this session; made on the first legacy request. */
  #view: SessionView | undefined;
  #lastId = 0;

  /**
   * The session as its connection sees it. Prototype methods rather than closures made in the
   * constructor: every stateless POST makes a session, and a closure costs it bytes each time.
   */
  static readonly #Link = class SessionLink {
    readonly clock: Clock;
    constructor(
      readonly session: ServerSession,
      readonly out: SessionOptions,
    ) {
      this.clock = session.#server.clock;
    }
    send(message: JsonRpcMessage, o?: SendOptions): Promise<void> {
      // The sender gets where the message belongs and its JSON text (the connection's own
      // serialization, so the transport need not redo it); a live request's signal stays here.
      if (o !== undefined && (o.signal !== undefined || o.headers !== undefined)) {
        const sent: { relatedRequestId?: RequestId; raw?: string } = {};
        if (o.relatedRequestId !== undefined) sent.relatedRequestId = o.relatedRequestId;
        if (o.raw !== undefined) sent.raw = o.raw;
        return this.out.send(message, sent);
      }
      return this.out.send(message, o);
    }
    onRequest(request: JsonRpcRequest, context: IncomingContext): Promise<Record<string, unknown>> {
      return this.session.#dispatch(request, context);
    }
    onNotification(n: JsonRpcNotification): void {
      this.session.#notification(n);
    }
    nextId(): RequestId {
      return `s${++this.session.#lastId}`;
    }
  };

  constructor(server: McpServer, options: SessionOptions) {
    this.#server = server;
    this.#caller = options.caller ?? "anonymous";
    this.connection = new Connection(new ServerSession.#Link(this, options));
  }

  /** The revision negotiated by `initialize`, when this is an initialize-era session. */
  get legacyRevision(): string | undefined {
    return this.#legacy?.revision;
  }

  /** Feeds one message from the client. */
  receive(message: JsonRpcMessage, context: IncomingContext = {}): void {
    this.connection.receive(message, context);
  }

  /** Ends the session: pending server→client requests fail and in-flight handlers are aborted. */
  close(): void {
    this.#unlisten?.();
    for (const id of this.#inflight.ids()) this.#inflight.get(id)?.abort();
    // Initialize-era tasks ride this session's connection: nobody can poll or answer them now.
    this.#server.tasks.dropConnection(this.connection);
    this.connection.close();
  }

  /**
   * Not async, nor is #route: a request answered at once makes no async frame. What this throws is
   * answered as a rejection would be (the connection awaits its handler inside a try).
   */
  #dispatch(request: JsonRpcRequest, context: IncomingContext): Promise<Record<string, unknown>> {
    const params = request.params ?? {};
    const meta = isObject(params._meta) ? params._meta : undefined;
    // A request stamped 2026-07-28 is modern whatever its method, so a stamped `initialize` is a
    // removed method (404/-32601, SEP-2575), not a handshake.
    if (meta && META.protocolVersion in meta) return this.#modern(request, meta, context);
    if (request.method === "initialize") return Promise.resolve(this.#initialize(params));
    if (this.#legacy) return this.#legacyRequest(request, context);
    throw invalidParams(
      `missing _meta["${META.protocolVersion}"]: send it on every request (2026-07-28), or open an initialize-era session with initialize`,
    );
  }

  #initialize(params: Record<string, unknown>): Record<string, unknown> {
    const requested = params.protocolVersion;
    const legacyVersions = this.#server.versions.filter((v) => eraOf(v) === "legacy");
    if (legacyVersions.length === 0) {
      throw invalidParams("this server does not speak initialize-era revisions", {
        supported: this.#server.versions,
        requested,
      });
    }
    if (typeof requested !== "string") throw invalidParams("initialize needs a protocolVersion string");
    const revision = legacyVersions.includes(requested as never) ? requested : (newestFirst(legacyVersions)[0] as string);
    this.#legacy = {
      revision,
      capabilities: isObject(params.capabilities) ? (params.capabilities as ClientCapabilities) : {},
      clientInfo: isObject(params.clientInfo) ? (params.clientInfo as unknown as Implementation) : undefined,
      initialized: false,
      logLevel: undefined,
    };
    // An initialize-era session hears of changes as plain notifications, tied to no request.
    if ((this.#server.listChanged || this.#server.resourceSubscribe) && !this.#unlisten) {
      this.#unlisten = this.#server.changes.subscribe((change) => {
        const wanted = change.kind === "resource" ? this.#watched?.has(change.uri) === true : this.#server.listChanged;
        const params = change.kind === "resource" ? { uri: change.uri } : undefined;
        if (wanted) void this.connection.notify(changeMethod(change), params).catch(() => undefined);
      });
    }
    const capabilities = this.#server.capabilities();
    // 2025-11-25 core tasks ("Capabilities"): list, cancel and task-augmented tools/call.
    if (this.#server.hasTaskTools && revision >= "2025-11-25") capabilities.tasks = { list: {}, cancel: {}, requests: { tools: { call: {} } } };
    const result: Record<string, unknown> = {
      protocolVersion: revision,
      capabilities,
      serverInfo: this.#server.info,
    };
    if (this.#server.instructions !== undefined) result.instructions = this.#server.instructions;
    return result;
  }

  #modern(request: JsonRpcRequest, meta: Record<string, unknown>, context: IncomingContext): Promise<Record<string, unknown>> {
    const requested = meta[META.protocolVersion];
    const supported = this.#server.versions;
    if (typeof requested !== "string") throw invalidParams(`_meta["${META.protocolVersion}"] must be a string`);
    if (!supported.includes(requested as never) || eraOf(requested) !== "modern") {
      throw rpcError(ErrorCode.UnsupportedProtocolVersion, `Unsupported protocol version: ${requested}`, { supported, requested });
    }
    const capabilities = meta[META.clientCapabilities];
    if (!isObject(capabilities)) throw invalidParams(`missing _meta["${META.clientCapabilities}"]: declare capabilities on every request ({} for none)`);
    if (LEGACY_ONLY.has(request.method)) throw methodNotFound(request.method);
    const clientInfo = isObject(meta[META.clientInfo]) ? (meta[META.clientInfo] as unknown as Implementation) : undefined;
    const logLevel = typeof meta[META.logLevel] === "string" ? (meta[META.logLevel] as LogLevel) : undefined;
    return this.#route(request, this.#scope(request, context, requested, "modern", capabilities as ClientCapabilities, clientInfo, logLevel, undefined));
  }

  /**
   * One request's scope, for both eras: every field written out in one order (no spread, no options
   * object), so every request's scope has one object shape, made on V8's fast path.
   */
  #scope(
    request: JsonRpcRequest,
    context: IncomingContext,
    revision: string,
    era: RequestScope["era"],
    clientCapabilities: ClientCapabilities,
    clientInfo: Implementation | undefined,
    logLevel: LogLevel | undefined,
    session: SessionView | undefined,
  ): RequestScope {
    return {
      server: this.#server,
      connection: this.connection,
      requestId: request.id,
      caller: context.caller ?? this.#caller,
      abort: new LazyAbort(),
      revision,
      era,
      clientCapabilities,
      clientInfo,
      logLevel,
      session,
    };
  }

  /** Lists the client's roots again after its list_changed notice; a failed listing keeps the old view. */
  async #relistRoots(): Promise<void> {
    try {
      const result = await this.connection.request("roots/list", {}, { timeoutMs: 30_000 });
      const roots = Array.isArray(result.roots) ? (result.roots.filter((r) => isObject(r) && typeof r.uri === "string") as unknown as Root[]) : [];
      this.#roots = { roots, relisted: (this.#roots?.relisted ?? 0) + 1 };
    } catch {
      // The client could not answer (closed, no roots any more); the handler sees the last list.
    }
  }

  async #legacyRequest(request: JsonRpcRequest, context: IncomingContext): Promise<Record<string, unknown>> {
    const legacy = this.#legacy as LegacyState;
    if (request.method === "ping") return {};
    if (request.method === "logging/setLevel") {
      const level = request.params?.level;
      if (typeof level !== "string") throw invalidParams("logging/setLevel needs a level");
      legacy.logLevel = level as LogLevel;
      return {};
    }
    if (request.method === "server/discover" || request.method === "subscriptions/listen") throw methodNotFound(request.method);
    if (request.method === "resources/subscribe" || request.method === "resources/unsubscribe") {
      if (!this.#server.resourceSubscribe) throw methodNotFound(request.method);
      const uri = request.params?.uri;
      if (typeof uri !== "string") throw invalidParams(`${request.method} needs a uri`);
      if (request.method === "resources/subscribe") (this.#watched ??= new Set()).add(uri);
      else this.#watched?.delete(uri);
      return {};
    }
    const session = (this.#view ??= this.#sessionView());
    return this.#route(request, this.#scope(request, context, legacy.revision, "legacy", legacy.capabilities, legacy.clientInfo, legacy.logLevel ?? "debug", session));
  }

  /** What a handler may do with this initialize-era session beyond its request. */
  #sessionView(): SessionView {
    return {
      notify: (method, params) => this.connection.notify(method, params),
      roots: () => (this.#roots ? { roots: [...this.#roots.roots], relisted: this.#roots.relisted } : undefined),
      watchRoots: (roots) => {
        this.#roots = { roots: [...roots], relisted: this.#roots?.relisted ?? 0 };
      },
    };
  }

  /**
   * Routes a request with its cancellation registered until it settles. Not async: a route that
   * answers at once (a sync tool) is finished at once, with no async frame per request; what it
   * throws is answered as a rejection would be (see #dispatch).
   */
  #route(request: JsonRpcRequest, scope: RequestScope): Promise<Record<string, unknown>> {
    const id = request.id;
    this.#inflight.set(id, scope.abort);
    let routed: Record<string, unknown> | Promise<Record<string, unknown>>;
    try {
      routed = routeRequest(request, scope);
    } catch (e) {
      this.#inflight.delete(id);
      throw e;
    }
    if (!(routed instanceof Promise)) {
      this.#inflight.delete(id);
      return Promise.resolve(this.#finish(routed, scope));
    }
    return routed.then(
      (result) => {
        this.#inflight.delete(id);
        return this.#finish(result, scope);
      },
      (e: unknown) => {
        this.#inflight.delete(id);
        throw e;
      },
    );
  }

  /** A 2026-07-28 result says it is complete (unless it says otherwise) and which server sent it. */
  #finish(result: Record<string, unknown>, scope: RequestScope): Record<string, unknown> {
    if (scope.era !== "modern") return result;
    if (result.resultType === undefined) result.resultType = "complete";
    // Copied, not spread: a literal that spreads and adds costs ~1 µs in Node 20 (core's copyOwn).
    const out: Record<string, unknown> = isObject(result._meta) ? copyOwn({}, result._meta) : {};
    out[META.serverInfo] = this.#server.info;
    result._meta = out;
    return result;
  }

  #notification(n: JsonRpcNotification): void {
    if (n.method === "notifications/initialized" && this.#legacy) this.#legacy.initialized = true;
    if (n.method === "notifications/roots/list_changed" && this.#legacy && this.#roots) void this.#relistRoots();
    if (n.method === "notifications/cancelled") {
      const id = n.params?.requestId;
      if (typeof id === "string" || typeof id === "number") this.#inflight.get(id)?.abort();
    }
  }
}

