import { Connection, systemClock, type Clock, type Frame } from "../jsonrpc/connection";
import { Emitter } from "../jsonrpc/events";
import { HumanWaits, pausedWhileWaiting } from "../jsonrpc/humanWaits";
import { McpError } from "../errors";
import type { JsonRpcNotification, JsonRpcRequest, RequestId } from "../jsonrpc/messages";
import { capabilitiesFor } from "../protocol/capabilities";
import { ErrorCode } from "../protocol/codes";
import { META } from "../protocol/meta";
import { REVISIONS, bestMutual, eraOf, newestFirst, type Era } from "../protocol/revisions";
import type { ClientCapabilities, Implementation, ServerCapabilities, Tool } from "../protocol/types";
import type { Transport } from "../transport/transport";
import type { ClientEvent } from "./events";
import { CallRecord, newCallId, type CallHandle, type CallMethod } from "./call";
import { CallRunner } from "./callRunner";
import type { CallHost, CallOptions, CallRoundsModule, CallRoundsSource, RequestOrigin, TaskPlug } from "./callHost";
import { DEFAULT_CLIENT_INFO, DEFAULT_MAX_ROUNDS, declaredCapabilities, type ConnectOptions, type InputHandlers } from "./options";
import { checkResultType, stampModern, type ModernRequestOptions } from "./modernRequest";
import { CLIENT_TASK_REQUESTS, runsAsTask, tasksDeclared, withTasksDeclared, type TaskOptions } from "../protocol/tasks";
import type { ClientTaskReceiver } from "./clientTasks";
import { isTaskAugmented, withClientTasksDeclared, withoutTaskParam } from "./clientTaskRequests";
import { openSubscription, type ListenHandle, type ListenOptions, type SubscriptionFilter } from "./subscriptions";
import { isObject } from "../util/isObject";
import { copyOwn } from "../util/copyOwn";
import { checkRoots, withStandingRoots } from "./standingRoots";
import { UrlCompletions, definesUrlRequired } from "./urlRequired";
import type { Root } from "../protocol/types";
import type { CompletionQuery, Suggestions } from "./completions";
import { watchResource, type ResourceWatch } from "./resourceWatch";

export interface ClientSnapshot {
  status: "connecting" | "connected" | "closed";
  revision: string | undefined;
  era: Era | undefined;
  serverInfo: Implementation | undefined;
  serverCapabilities: ServerCapabilities;
  instructions: string | undefined;
  declaredCapabilities: ClientCapabilities;
}

/** A request's options when the caller gave none: one frozen object, not one per request. */
const NO_OPTIONS: ModernRequestOptions = Object.freeze({});

/**
 * What the client runs calls with, given by whoever makes it: the rounds (callRounds.ts, as they are
 * or loaded on the first call) and the task runner (src/core/tasks, through its plug).
 */
export interface ClientPlugs {
  rounds: CallRoundsSource;
  /** Without it a call that becomes a task is an error. */
  tasks?: TaskPlug;
}

/**
 * A connected MCP client. It is a thin facade: negotiation lives here, the multi-round driver in
 * callRunner.ts and callRounds.ts (both eras; live server requests of the initialize era in legacyInput.ts).
 */
export class Client {
  readonly transport: Transport;
  readonly connection: Connection;
  readonly events = new Emitter<ClientEvent>();
  readonly handlers: InputHandlers;
  readonly clientInfo: Implementation;
  readonly declared: ClientCapabilities;
  readonly offered: readonly string[];
  readonly maxRounds: number;
  readonly clock: Clock;
  /**
   * Waits on a person: the transport's (its sign-in window) or this client's own. While one is open
   * no request timer of this client counts (the probe's included); each goes on when it closes.
   */
  readonly humanWaits: HumanWaits;
  readonly options: ConnectOptions;
  readonly toolSchemas = new Map<string, Tool>();
  /** How tasks are polled (ConnectOptions.tasks); per call, CallOptions.task overrides it. */
  readonly taskOptions: TaskOptions;
  #snapshot: ClientSnapshot;
  #detach: () => void;
  readonly #runner: CallRunner;
  /** Calls in flight, by call id, so their events reach their handles. */
  readonly #calls = new Map<string, CallRecord>();
  #idCounter = 0;
  /** The standing roots list (options.roots), answered at once and changed with setRoots. */
  #roots: Root[];
  readonly #urlCompletions = new UrlCompletions();
  readonly #tasks: TaskPlug | undefined;
  #declaredFor: { revision: string; capabilities: ClientCapabilities } | undefined;
  /**
   * Tasks this client runs for the server (2025-11-25 client-side tasks), with ConnectOptions.clientTasks:
   * made with the rounds' code (callRounds.ts) when the server first sends a task request.
   */
  #clientTasks: ClientTaskReceiver | undefined;

  /**
   * `plugs.tasks` is the task runner (src/core/tasks) as a plug; the public clients (src/core/client.ts,
   * src/core/lazyClient.ts) always give it, so this folder need not import that one. `plugs.rounds`
   * is the call rounds' code: the public Client gives it as it is, LazyClient as a loader.
   */
  constructor(transport: Transport, options: ConnectOptions, plugs: ClientPlugs) {
    this.transport = transport;
    this.#tasks = plugs.tasks;
    this.options = options;
    this.#roots = options.roots ? checkRoots(options.roots.list) : [];
    this.handlers = withStandingRoots(options.handlers ?? {}, options.roots, () => this.#roots);
    this.clientInfo = options.clientInfo ?? DEFAULT_CLIENT_INFO;
    this.declared = withClientTasksDeclared(
      withTasksDeclared(
        declaredCapabilities(this.handlers, options.capabilities, { samplingTools: options.samplingTools, rootsListChanged: options.roots !== undefined }),
        options.tasks,
      ),
      options.clientTasks,
    );
    this.taskOptions = typeof options.tasks === "object" ? options.tasks : {};
    this.offered = newestFirst(options.versions ?? REVISIONS);
    if (this.offered.length === 0) throw new McpError({ kind: "protocol", message: `no known revision in versions: ${JSON.stringify(options.versions)}` });
    this.maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;
    this.clock = options.clock ?? systemClock;
    this.humanWaits = transport.humanWaits ?? new HumanWaits();
    const timers = pausedWhileWaiting(this.clock, this.humanWaits);
    this.#runner = new CallRunner(this.#callHost(), plugs.rounds);
    this.#snapshot = {
      status: "connecting",
      revision: undefined,
      era: undefined,
      serverInfo: undefined,
      serverCapabilities: {},
      instructions: undefined,
      declaredCapabilities: this.declared,
    };
    const { connection, detach } = Connection.over(transport, {
      clock: timers,
      nextId: () => `c${++this.#idCounter}`,
      onRequest: (request, context) => this.#onServerRequest(request, context),
      onNotification: (n, context) => this.#onNotification(n, context.relatedRequestId),
      // Frames go out as client events through the relay below, itself one listener of
      // connection.frames: with nobody on either side but the relay, no frame is made.
      wantsFrames: () => this.events.size > 0 || this.connection.frames.size > 1,
    });
    this.connection = connection;
    const unframe = connection.frames.subscribe((frame: Frame) => this.events.emit({ type: "frame", frame }));
    const unclose = transport.subscribe((event) => {
      if (event.type === "close" && this.#snapshot.status !== "closed") {
        this.#snapshot = { ...this.#snapshot, status: "closed" };
        this.emit({ type: "closed", reason: event.reason ?? "the transport closed" });
      }
    });
    this.#detach = () => {
      timers.detach();
      unframe();
      unclose();
      detach();
    };
  }

  /** The narrow view of this client the call runner works through: its verbs, and each call's context. */
  #callHost(): CallHost {
    const connection = (): Connection => this.connection;
    const sendIgnoresSignal = this.transport.capabilities.sendIgnoresSignal === true;
    const tool = (name: string): Tool | undefined => this.toolSchemas.get(name);
    return {
      clock: this.clock,
      context: () => ({
        era: this.era,
        revision: this.revision,
        declared: this.declared,
        handlers: this.handlers,
        maxRounds: this.maxRounds,
        step: this.options.step,
        serverCapabilities: this.serverCapabilities,
        tool,
        taskOptions: this.taskOptions,
        tasks: this.#tasks,
        sendIgnoresSignal,
        urlCompletions: this.#urlCompletions,
      }),
      request: (method, params, options) => this.request(method, params, options),
      notify: (method, params) => connection().notify(method, params),
      newId: () => connection().newId(),
      isPending: (id) => connection().isPending(id),
      fail: (id, error) => connection().fail(id, error),
      // A request held for a person's answer: every other timer stands still meanwhile too.
      hold: (id) => {
        const release = connection().hold(id);
        const end = this.humanWaits.begin();
        return () => {
          end();
          release();
        };
      },
      emit: (event) => this.emit(event),
    };
  }

  subscribe(listener: (event: ClientEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  getSnapshot(): ClientSnapshot {
    return this.#snapshot;
  }

  get revision(): string | undefined {
    return this.#snapshot.revision;
  }

  get era(): Era | undefined {
    return this.#snapshot.era;
  }

  get serverInfo(): Implementation | undefined {
    return this.#snapshot.serverInfo;
  }

  get serverCapabilities(): ServerCapabilities {
    return this.#snapshot.serverCapabilities;
  }

  /** Reports one event: to the client's listeners and, when it belongs to a live call, to that call's handle. */
  emit(event: ClientEvent): void {
    this.events.emit(event);
    const callId = "callId" in event ? event.callId : undefined;
    if (!callId) return;
    const call = this.#calls.get(callId);
    if (!call) return;
    call.deliver(event);
    if (event.type === "callFinished") this.#calls.delete(callId);
  }

  /** Negotiates the revision: `server/discover` first when a 2026-07-28 revision is offered, else `initialize`. */
  async open(): Promise<this> {
    const modern = this.offered.filter((r) => eraOf(r) === "modern");
    const legacy = this.offered.filter((r) => eraOf(r) === "legacy");
    if (modern.length === 0) return this.#initialize(legacy[0] as string);
    this.#setRevision(modern[0] as string, "modern", "offered first");
    try {
      const result = await this.requestModern("server/discover", {}, { timeoutMs: this.options.probeTimeoutMs ?? 10_000 });
      const supported = Array.isArray(result.supportedVersions) ? result.supportedVersions.filter((v): v is string => typeof v === "string") : [];
      const best = supported.length > 0 ? bestMutual(this.offered, supported) : this.revision;
      if (!best) throw new McpError({ kind: "protocol", message: `no revision in common: server supports ${supported.join(", ")}` });
      if (eraOf(best) === "legacy") return this.#initialize(best);
      if (best !== this.revision) this.#setRevision(best, "modern", "server/discover");
      const meta = isObject(result._meta) ? result._meta : {};
      const info = isObject(meta[META.serverInfo]) ? meta[META.serverInfo] : result.serverInfo;
      this.#connected(
        isObject(info) ? (info as unknown as Implementation) : undefined,
        isObject(result.capabilities) ? (result.capabilities as ServerCapabilities) : {},
        typeof result.instructions === "string" ? result.instructions : undefined,
      );
      return this;
    } catch (e) {
      const error = e instanceof McpError ? e : new McpError({ kind: "transport", message: String(e), cause: e });
      const fallback = this.#legacyFallback(error, legacy);
      if (!fallback) throw this.#probeFailure(error, legacy);
      return this.#initialize(fallback);
    }
  }

  /**
   * Which legacy revision to fall back to after a failed probe, or none. Only what the specification
   * names as the answer of an initialize-era server counts ("Detecting the era"): a JSON-RPC error
   * other than the 2026-07-28 ones, an HTTP 4xx other than 401/403, an unusable 2xx, or (stdio only)
   * silence. A timeout over HTTP, an unreachable server, a 5xx or 429 say nothing of the era.
   */
  #legacyFallback(error: McpError, legacy: string[]): string | undefined {
    if (error.code === ErrorCode.UnsupportedProtocolVersion && isObject(error.data) && Array.isArray(error.data.supported)) {
      const best = bestMutual(this.offered, error.data.supported as string[]);
      return best && eraOf(best) === "legacy" ? best : undefined;
    }
    if (error.status === 401 || error.status === 403 || error.kind === "closed" || error.kind === "cancelled") return undefined;
    if (error.kind === "protocol" && (error.code === ErrorCode.HeaderMismatch || error.code === ErrorCode.MissingRequiredClientCapability)) return undefined;
    if (this.transport.kind === "http" && !httpSaysLegacy(error)) return undefined;
    return legacy[0];
  }

  /** The probe's failure, said as what it is: not an answer that makes the server initialize-era. */
  #probeFailure(error: McpError, legacy: string[]): McpError {
    if (legacy.length === 0 || this.transport.kind !== "http" || httpSaysLegacy(error)) return error;
    if (error.status === 401 || error.status === 403 || error.kind === "closed" || error.kind === "cancelled" || error.kind === "protocol") return error;
    const what =
      error.kind === "timeout"
        ? "got no answer in time"
        : error.status === undefined
          ? "did not reach the server"
          : `failed with HTTP ${error.status}, a passing trouble`;
    return new McpError({
      kind: error.kind,
      ...(error.status !== undefined ? { status: error.status } : {}),
      ...(error.reason !== undefined ? { reason: error.reason } : {}),
      message: `the server/discover probe ${what} (${error.message}); that does not make the server initialize-era, so connecting stopped here: try again`,
      cause: error,
    });
  }

  async #initialize(revision: string): Promise<this> {
    this.transport.setProtocolVersion?.(undefined);
    // A server that never answers initialize (or prints only garbage) must not hang the connect.
    const result = await this.connection.request(
      "initialize",
      { protocolVersion: revision, capabilities: capabilitiesFor(revision, this.declared), clientInfo: this.clientInfo },
      { timeoutMs: this.options.requestTimeoutMs ?? this.options.probeTimeoutMs ?? 30_000 },
    );
    const chosen = result.protocolVersion;
    if (typeof chosen !== "string" || !this.offered.includes(chosen)) {
      await this.close();
      throw new McpError({ kind: "protocol", message: `the server chose revision ${String(chosen)}, which this client does not offer (${this.offered.join(", ")})` });
    }
    this.#setRevision(chosen, "legacy", "initialize");
    await this.connection.notify("notifications/initialized");
    // Server requests tied to no call (SDK servers send elicitation/create or roots/list this way) come
    // only on the standalone GET stream, so it is opened as SDK clients do. A 405 means the server has
    // none; any other failure is not fatal (the transport has logged it), so connecting goes on.
    if (this.transport.capabilities.standaloneStream) await this.transport.openStandaloneStream?.().catch(() => undefined);
    this.#connected(
      isObject(result.serverInfo) ? (result.serverInfo as unknown as Implementation) : undefined,
      isObject(result.capabilities) ? (result.capabilities as ServerCapabilities) : {},
      typeof result.instructions === "string" ? result.instructions : undefined,
    );
    return this;
  }

  #setRevision(revision: string, era: Era, reason: string): void {
    const from = this.#snapshot.revision;
    this.#snapshot = { ...this.#snapshot, revision, era };
    this.transport.setProtocolVersion?.(revision);
    if (from !== revision) this.emit({ type: "revisionChanged", from, to: revision, reason });
  }

  #connected(serverInfo: Implementation | undefined, serverCapabilities: ServerCapabilities, instructions: string | undefined): void {
    this.#snapshot = { ...this.#snapshot, status: "connected", serverInfo, serverCapabilities, instructions };
    this.emit({
      type: "connected",
      revision: this.#snapshot.revision as string,
      era: this.#snapshot.era as Era,
      serverInfo,
      serverCapabilities,
      instructions,
    });
  }

  /**
   * Sends one request in the negotiated era. On 2026-07-28 it stamps `_meta` and, on -32022, retries
   * once with a mutual revision (the conformance mock refuses the first request even when it matches).
   */
  request(method: string, params: Record<string, unknown> = {}, options: ModernRequestOptions = NO_OPTIONS): Promise<Record<string, unknown>> {
    if (this.era === "modern") return this.requestModern(method, params, options);
    return this.connection.request(method, params, this.#timeout(options));
  }

  /**
   * No async layer (each costs a request ~0.4 kB of garbage): the answer is checked, and
   * a -32022 retried, in callbacks on the connection's promise.
   */
  requestModern(method: string, params: Record<string, unknown>, options: ModernRequestOptions = NO_OPTIONS): Promise<Record<string, unknown>> {
    try {
      const capabilities = this.#capabilitiesFor(this.revision as string);
      return this.#sendModern(method, params, options, capabilities).then(
        (result) => checkResultType(method, result, tasksDeclared(capabilities)),
        (e: unknown) => this.#retryModern(method, params, options, e),
      );
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /** One 2026-07-28 request, stamped for the revision of the moment. The options go to the connection as they are (it copies what it keeps). */
  #sendModern(method: string, params: Record<string, unknown>, options: ModernRequestOptions, capabilities: ClientCapabilities): Promise<Record<string, unknown>> {
    const stamped = stampModern(params, this.revision as string, this.clientInfo, capabilities);
    return this.connection.request(method, stamped, this.#timeout(options));
  }

  /** After a -32022 naming a mutual 2026-07-28 revision: once more in it. Any other failure stands. */
  #retryModern(method: string, params: Record<string, unknown>, options: ModernRequestOptions, e: unknown): Promise<Record<string, unknown>> {
    if (!(e instanceof McpError) || e.code !== ErrorCode.UnsupportedProtocolVersion) throw e;
    const supported = isObject(e.data) && Array.isArray(e.data.supported) ? (e.data.supported as string[]) : [];
    const best = bestMutual(this.offered, supported);
    if (!best || eraOf(best) !== "modern") throw e;
    this.#setRevision(best, "modern", "-32022 UnsupportedProtocolVersion");
    const capabilities = this.#capabilitiesFor(best);
    let again = options;
    if (options.id !== undefined) {
      // The first attempt's id was answered; MCP forbids using it again in this session.
      again = copyOwn({}, options);
      again.id = this.connection.newId();
      options.retriedAs?.(again.id);
    }
    return this.#sendModern(method, params, again, capabilities).then((result) => checkResultType(method, result, tasksDeclared(capabilities)));
  }

  #timeout<T extends ModernRequestOptions>(options: T): T {
    const timeoutMs = options.timeoutMs ?? this.options.requestTimeoutMs;
    if (timeoutMs === undefined) return options;
    const timed = copyOwn({}, options) as T;
    timed.timeoutMs = timeoutMs;
    return timed;
  }

  /** The capabilities declared on a 2026-07-28 request, shaped once per revision, not per request. */
  #capabilitiesFor(revision: string): ClientCapabilities {
    const cached = this.#declaredFor;
    if (cached?.revision === revision) return cached.capabilities;
    const capabilities = capabilitiesFor(revision, this.declared);
    this.#declaredFor = { revision, capabilities };
    return capabilities;
  }

  /**
   * Lists tools. Over HTTP a tool whose `x-mcp-header` annotations break SEP-2243 is dropped from the
   * view (the spec's MUST) and reported in `droppedTools` with the reason, so the UI can say why.
   */
  async listTools(): Promise<Tool[]> {
    const result = await this.request("tools/list");
    const listed = Array.isArray(result.tools) ? (result.tools.filter((t) => isObject(t) && typeof t.name === "string") as unknown as Tool[]) : [];
    const rules = this.transport.capabilities.paramHeaders;
    const tools: Tool[] = [];
    const dropped: { name: string; reason: string }[] = [];
    for (const tool of listed) {
      const check = rules ? rules.validate(tool) : { ok: true as const };
      if (check.ok) tools.push(tool);
      else dropped.push({ name: tool.name, reason: check.reason });
    }
    this.droppedTools = dropped;
    this.toolSchemas.clear();
    for (const tool of tools) this.toolSchemas.set(tool.name, tool);
    return tools;
  }

  /** Tools left out of the last listing, with why. */
  droppedTools: { name: string; reason: string }[] = [];

  async listResources(): Promise<Record<string, unknown>> {
    return this.request("resources/list");
  }

  async listResourceTemplates(): Promise<Record<string, unknown>> {
    return this.request("resources/templates/list");
  }

  async listPrompts(): Promise<Record<string, unknown>> {
    return this.request("prompts/list");
  }

  /**
   * Starts a tools/call, resources/read or prompts/get and drives its input rounds to completion
   * (seed: `client/call-tool`). `callStarted` is emitted before this returns; the handle's outcome
   * never rejects.
   */
  startCall(method: CallMethod, params: Record<string, unknown>, options: CallOptions = {}): CallHandle {
    const call = new CallRecord(newCallId(), method, params);
    this.#calls.set(call.id, call);
    let runOptions = options;
    if (method === "tools/call" && typeof params.name === "string") {
      // SEP-2243: annotated arguments are mirrored into Mcp-Param-* headers on every round.
      const schema = this.toolSchemas.get(params.name)?.inputSchema;
      const args = isObject(params.arguments) ? params.arguments : {};
      const rules = this.transport.capabilities.paramHeaders;
      const mirrored = schema && this.era === "modern" && rules ? rules.mirror(schema, args) : {};
      const headers = Object.keys(mirrored).length > 0 ? { ...mirrored, ...options.headers } : options.headers;
      if (headers) runOptions = { ...options, headers };
    }
    this.#runner.run(call, runOptions).then(
      (result) => call.finish({ ok: true, result }),
      (error: McpError) => call.finish({ ok: false, error }),
    );
    return call;
  }

  /** Calls a tool: startCall's outcome as a promise that rejects on error. */
  callTool(name: string, args: Record<string, unknown> = {}, options: CallOptions = {}): Promise<Record<string, unknown>> {
    return settled(this.startCall("tools/call", { name, arguments: args }, options));
  }

  readResource(uri: string, options: CallOptions = {}): Promise<Record<string, unknown>> {
    return settled(this.startCall("resources/read", { uri }, options));
  }

  getPrompt(name: string, args: Record<string, string> = {}, options: CallOptions = {}): Promise<Record<string, unknown>> {
    return settled(this.startCall("prompts/get", { name, arguments: args }, options));
  }

  /** Opens `subscriptions/listen` for change notifications (2026-07-28; see subscriptions.ts). */
  listen(filter: SubscriptionFilter, options: ListenOptions = {}): ListenHandle {
    const revision = this.revision;
    return openSubscription(
      {
        era: revision === undefined ? undefined : this.era,
        newId: () => this.connection.newId(),
        stamp: (params) => stampModern(params, revision as string, this.clientInfo, capabilitiesFor(revision as string, this.declared)),
        send: (method, params, sendOptions) => this.connection.request(method, params, sendOptions),
        notify: (method, params) => this.connection.notify(method, params),
        subscribe: (listener) => this.subscribe(listener),
        abortClosesStream: this.transport.capabilities.abortClosesStream,
      },
      filter,
      options,
    );
  }

  /** Asks the server for argument suggestions (`completion/complete`, completions.ts); the answer is checked. */
  async complete(query: CompletionQuery, options: { signal?: AbortSignal } = {}): Promise<Suggestions> {
    // Its code comes with the call rounds' (callRounds.ts): a person asks for suggestions while filling a call's arguments.
    return this.#runner.withModule(async (m) => {
      const result = await this.request("completion/complete", m.completionParams(query, this.revision), options.signal ? { signal: options.signal } : NO_OPTIONS);
      return m.readCompletion(result);
    });
  }

  /** Watches one resource for `notifications/resources/updated` (resourceWatch.ts: subscribe, or listen on 2026-07-28). */
  watchResource(uri: string): Promise<ResourceWatch> {
    return watchResource(
      {
        era: this.era,
        serverCapabilities: this.serverCapabilities,
        request: (method, params) => this.request(method, params),
        listen: (filter) => this.listen(filter),
      },
      uri,
    );
  }

  /** `origin`: the stream the request came on, as the transport knows it, which says what call it belongs to. */
  #onServerRequest(request: JsonRpcRequest, origin: RequestOrigin): Promise<Record<string, unknown>> {
    // 2026-07-28 forbids server→client requests (input goes through input_required): never answer one.
    if (this.era === "modern") {
      return Promise.reject(new McpError({ kind: "protocol", code: ErrorCode.MethodNotFound, message: `Method not found: ${request.method} (2026-07-28 servers send no requests)` }));
    }
    if (this.options.clientTasks && this.revision !== undefined) {
      const declared = this.#capabilitiesFor(this.revision);
      if ((CLIENT_TASK_REQUESTS as readonly string[]).includes(request.method) && isObject(declared.tasks)) {
        return Promise.resolve(this.#runner.withModule((m) => this.#taskReceiver(m).serve(request)));
      }
      // A task-augmented request of a kind not declared for tasks is answered as usual, its `task` ignored (spec "Tasks").
      if (isTaskAugmented(request) && runsAsTask(declared, request.method)) {
        const plain = withoutTaskParam(request);
        const method = request.method;
        const callId = origin.relatedRequestId === undefined ? undefined : this.#runner.callOf(origin.relatedRequestId);
        return Promise.resolve(
          this.#runner.withModule((m) => this.#taskReceiver(m).create(method, request.params ?? {}, callId, (signal) => this.#runner.answerServerRequest(plain, origin, signal))),
        );
      }
    }
    return this.#runner.answerServerRequest(request, origin);
  }

  /** The receiver of client-side tasks, made on the first task request; one that comes after close() finds it closed. */
  #taskReceiver(m: CallRoundsModule): ClientTaskReceiver {
    if (!this.#clientTasks) {
      const clientTasks = this.options.clientTasks;
      this.#clientTasks = new m.ClientTaskReceiver(
        { clock: this.clock, emit: (event) => this.emit(event), notify: (method, params) => void this.connection.notify(method, params).catch(() => undefined) },
        typeof clientTasks === "object" ? clientTasks : {},
      );
      if (this.#snapshot.status === "closed") this.#clientTasks.close("the client closed");
    }
    return this.#clientTasks;
  }

  /** The standing roots list as it is now (empty without `options.roots`). */
  get roots(): Root[] {
    return this.#roots.map((r) => ({ ...r }));
  }

  /**
   * Replaces the standing roots list. On an initialize-era session that declared `roots.listChanged`
   * the server is told with `notifications/roots/list_changed` (it then lists again); 2026-07-28 has
   * no such notice, the next roots input request simply gets the new list.
   */
  async setRoots(list: Root[]): Promise<void> {
    this.#roots = checkRoots(list);
    const declared = isObject(this.declared.roots) && this.declared.roots.listChanged === true;
    const notify = declared && this.era === "legacy" && this.#snapshot.status === "connected";
    this.emit({ type: "rootsChanged", roots: this.roots, notified: notify, at: this.clock.now() });
    if (notify) await this.connection.notify("notifications/roots/list_changed");
  }

  #onNotification(n: JsonRpcNotification, relatedRequestId: RequestId | undefined): void {
    // 2025-11-25: the server says a URL elicitation is done; unknown or repeated ids are ignored.
    if (n.method === "notifications/elicitation/complete") {
      const match = definesUrlRequired(this.revision) ? this.#urlCompletions.complete(n.params?.elicitationId) : undefined;
      if (match) this.emit({ type: "elicitationCompleted", ...match, at: this.clock.now() });
    }
    this.emit({
      type: "notification",
      method: n.method,
      params: n.params,
      callId: relatedRequestId === undefined ? undefined : this.#runner.callOf(relatedRequestId),
      at: this.clock.now(),
    });
  }

  async close(): Promise<void> {
    if (this.#snapshot.status === "closed") return;
    this.#snapshot = { ...this.#snapshot, status: "closed" };
    this.#clientTasks?.close("the client closed");
    this.connection.close();
    this.#detach();
    await this.transport.close();
    this.emit({ type: "closed", reason: "closed by the client" });
  }
}

/**
 * Whether an HTTP probe's failure is one the specification reads as an initialize-era server: a
 * JSON-RPC error answer, a 4xx, or a 2xx that is no usable answer. Timeouts, unreachable servers,
 * 5xx and 429 are not (they are transient, and an initialize would meet the same trouble).
 */
function httpSaysLegacy(error: McpError): boolean {
  if (error.kind === "protocol") return true;
  if (error.kind !== "transport") return false;
  const status = error.status;
  if (status === undefined) return error.reason?.type === "badFrame" || error.reason?.type === "badResult";
  return status !== 429 && status < 500;
}

/** A handle's outcome as a promise that rejects with the call's error. */
async function settled(call: CallHandle): Promise<Record<string, unknown>> {
  const outcome = await call.outcome;
  if (outcome.ok) return outcome.result;
  throw outcome.error;
}
