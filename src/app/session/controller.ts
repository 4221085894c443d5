import {
  McpError,
  toMcpError,
  Emitter,
  LazyClient,
  type Client,
  type CallHandle,
  type ClientEvent,
  bridgeInfo,
  describeExit,
  type BridgeEndpoint,
  spawnSpecKey,
  type ExitInfo,
  type Transport,
  mergeCapabilities,
} from "../../core";
import { APPS_CAPABILITY } from "../../core/apps";
import type { McpServer } from "../../server/server";
import { isCallEvent } from "../../core/recording";
import { DEFAULT_TIMEOUT_MS, type ConnectionSettings, type EmbeddedServerName } from "../stores/connectionStore";
import { createBridgeStore, type BridgeStore } from "../stores/bridgeStore";
import { createSavedStore, type SavedStore } from "../features/connection/store/savedStore";
import { createServersStore, type ServersStore } from "../features/connection/servers/serversStore";
import { createEraMemory, type EraMemory } from "./eraMemory";
import { describeTarget } from "../stores/targets";
import { createSignIn, type SignIn } from "./auth/signIn";
import { capabilitiesFromModes, handlersFromModes, waysOptions } from "./handlers";
import { lazyChunk } from "../lib/lazyChunk";
import { loadEmbedded } from "./embeddedChunk";
import { loadCallCode } from "./callChunk";
import { createSession, type Session } from "./session";
import { createWatches } from "./watches";
import { callCommands } from "./calls";
import { settingsCommands } from "./settings";
import type { ConnectionCommands, Controller } from "./controllerTypes";

export type { CallHandle } from "../../core";

export interface ControllerDeps {
  /** The live session's stores; a fresh session when not given. */
  session?: Session;
  /**
   * The embedded demo server; one per page, so its key (and its tokens) last across reconnects. The
   * page gives a function: the servers' code is a chunk of its own (./embedded.ts), made on the first
   * connect, once (a failed load is tried again on the next connect).
   */
  embeddedServer: McpServer | (() => Promise<McpServer>);
  /** The embedded hostile demo server; made on first use when not given. */
  hostileServer?: McpServer;
  fetch?: typeof fetch;
  /** The local bridge for stdio commands and HTTP without CORS (app-wide); none in a static build until one is pasted. */
  bridge?: BridgeStore;
  /** Saved and recent connections (app-wide); the app's is kept in localStorage (without secret values). */
  saved?: SavedStore;
  /** The saved servers (app-wide); the app's is kept in localStorage and, with a bridge, its servers file. */
  servers?: ServersStore;
  /** The era each server URL answered in, so a known initialize-era server is not probed again (localStorage in the app). */
  eras?: EraMemory;
  /** Sign-in (OAuth) for HTTP targets (app-wide; main.tsx gives the popup's); off until the user turns it on. */
  signIn?: SignIn;
}

/** Transports to servers outside the page (HTTP, through the bridge, stdio): a chunk of their own (./remote.ts), loaded on the first connect to one. */
const loadRemote = lazyChunk("the transports for servers outside the page", () => import("./remote"));

/** Why a bridge target cannot be reached without a bridge, in the words the UI shows. */
const NO_BRIDGE = "no bridge: start `npm start` (or `npm run bridge`) and paste its URL and token under Bridge";

/**
 * The app's one link to the client core, for the live session: it owns the client, turns its events
 * into actions on the session's stores, and offers commands to components. A command that starts a
 * call returns the core's CallHandle (id, own events, outcome, cancel), or undefined when nothing is
 * connected. Components never see a transport or build a JSON-RPC message.
 */
export function createController(deps: ControllerDeps): Controller {
  const session = deps.session ?? createSession();
  const { connection, wire, calls, inputs, step, auto, stderr } = session;
  const bridge = deps.bridge ?? createBridgeStore();
  const saved = deps.saved ?? createSavedStore();
  const servers = deps.servers ?? createServersStore();
  const eras = deps.eras ?? createEraMemory();
  const signIn = deps.signIn ?? createSignIn({ redirectUrl: "http://127.0.0.1/oauth-callback.html" });
  // Specs the user confirmed in the spawn dialog (this page only); the bridge is asked for nothing else.
  const confirmed = new Set<string>();
  // Every client event with its connection, for what attaches at the composition root (list_changed, canned answers).
  const tap = new Emitter<{ event: ClientEvent; connectionId: number }>();
  let client: Client | undefined;
  let unsubscribe: () => void = () => undefined;
  // The calls still running, by id, so cancel(id) reaches their handle.
  const running = new Map<string, CallHandle>();
  // How each spawned process ended, once it has: a process that dies while connecting says more than "closed".
  const exitOf = new WeakMap<Transport, () => ExitInfo | undefined>();
  // Resource subscriptions of the live connection (features/watch): ended with it.
  const watches = createWatches(session.watches, () => client);

  function requireBridge(): BridgeEndpoint {
    const endpoint = bridge.getState().endpoint;
    if (!endpoint) throw new McpError({ kind: "transport", message: NO_BRIDGE, reason: { type: "bridge", code: "none" } });
    return endpoint;
  }

  // The embedded servers are made on first use and kept per page (their keys, so their tokens, last).
  let demo: Promise<McpServer> | undefined;
  let hostile: McpServer | undefined;
  const demoServer = (): Promise<McpServer> => {
    const given = deps.embeddedServer;
    if (typeof given !== "function") return Promise.resolve(given);
    return (demo ??= given().catch((e: unknown) => {
      demo = undefined;
      throw e;
    }));
  };
  async function embeddedServer(name: EmbeddedServerName | undefined): Promise<McpServer> {
    if (name !== "hostile") return demoServer();
    if (!hostile) hostile = deps.hostileServer ?? (await loadEmbedded()).hostileServer({ stateSecret: "presa-hostile-secret" });
    return hostile;
  }

  async function transportFor(settings: ConnectionSettings, connectionId: number): Promise<Transport> {
    const target = settings.target;
    if (target.kind === "embedded") {
      const [{ serveTransport, inProcessPair }, server] = await Promise.all([loadEmbedded(), embeddedServer(target.server)]);
      const pair = inProcessPair();
      serveTransport(server, pair.server, { caller: "embedded" });
      return pair.client;
    }
    const { remoteTransport } = await loadRemote();
    const remote = await remoteTransport(target, {
      connectionId,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
      bridge: bridge.getState().endpoint,
      requireBridge,
      signIn,
      confirmed: (key) => confirmed.has(key),
      stderr,
      http: session.http,
      onExit: (exit) => exited(exit, connectionId),
    });
    if (remote.exit) exitOf.set(remote.transport, remote.exit);
    return remote.transport;
  }

  function exited(exit: ExitInfo, connectionId: number): void {
    stderr.append(connectionId, "bridge", describeExit({ ...exit, stderrTail: [] }));
    if (connection.getState().connectionId !== connectionId) return;
    const error = new McpError({ kind: "closed", message: describeExit(exit), reason: { type: "exit", exit } });
    const status = connection.getState().status;
    connection.setState({ status: status === "connecting" ? "failed" : "closed", error });
  }

  /** The frame -> store flow: every client event lands in exactly one session store. */
  function onEvent(event: ClientEvent, connectionId: number): void {
    tap.emit({ event, connectionId });
    watches.onEvent(event);
    if (event.type === "frame") {
      wire.append(event.frame, connectionId);
    } else if (isCallEvent(event)) {
      calls.record(event, connectionId, connection.getState().revision);
    } else if (event.type === "closed" && connection.getState().connectionId === connectionId) {
      // A failed connection stays failed; an exit's error, set just before, stays with it.
      if (connection.getState().status !== "failed") connection.setState({ status: "closed" });
    }
  }

  async function disconnect(reason: string): Promise<void> {
    unsubscribe();
    unsubscribe = () => undefined;
    signIn.cancel(reason);
    inputs.refuseAll(reason);
    step.abortAll(reason);
    for (const handle of running.values()) handle.cancel();
    watches.reset();
    const old = client;
    client = undefined;
    await old?.close().catch(() => undefined);
  }

  /** (Re)connects with the given settings; the user's place in the UI is kept by the UI stores. */
  async function connect(patch: Partial<ConnectionSettings> = {}): Promise<void> {
    await disconnect("reconnecting");
    const settings = { ...connection.getState().settings, ...patch };
    const connectionId = connection.getState().connectionId + 1;
    const ways = waysOptions(settings);
    // The MCP Apps extension is always declared: the inspector renders every app (features/apps).
    const declared = mergeCapabilities(capabilitiesFromModes(settings.capabilities, { samplingTools: ways.samplingTools === true, rootsListChanged: ways.roots !== undefined }), APPS_CAPABILITY);
    connection.setState({ settings, connectionId, status: "connecting", error: undefined, revision: undefined, era: undefined, declared: declared as Record<string, unknown> });
    let transport: Transport;
    try {
      transport = await transportFor(settings, connectionId);
    } catch (e) {
      if (connection.getState().connectionId === connectionId) connection.setState({ status: "failed", error: toMcpError(e) });
      return;
    }
    // Another connect started while this one was spawning: this transport is not wanted any more.
    if (connection.getState().connectionId !== connectionId) {
      await transport.close().catch(() => undefined);
      return;
    }
    // The calls' rounds are not in the first view: loaded ahead once connected, or by the first call.
    const c = new LazyClient(
      transport,
      {
        versions: eras.offered(settings),
        handlers: handlersFromModes(settings.capabilities, inputs, auto),
        capabilities: declared,
        clientInfo: settings.clientInfo,
        maxRounds: settings.maxRounds,
        ...ways,
        // Tasks are on unless switched off (README "Tasks"): the demo's deploy and release run as tasks.
        tasks: settings.tasks !== false,
        // Client-side tasks: off unless switched on (the switch beside Tasks in settings).
        clientTasks: settings.clientTasks === true,
        // Ends calls to a server that went quiet; never runs while a person answers (0: no timeout).
        ...((settings.timeoutMs ?? DEFAULT_TIMEOUT_MS) > 0 ? { requestTimeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS } : {}),
        step: (draft) => (connection.getState().settings.stepMode ? step.hold(draft) : Promise.resolve({ action: "send", draft })),
      },
      loadCallCode,
    );
    // What the client declares, the tasks extension included.
    connection.setState({ declared: c.declared as Record<string, unknown> });
    // Subscribe before negotiating, so the log shows the discover/initialize frames too.
    unsubscribe = c.subscribe((e) => onEvent(e, connectionId));
    client = c;
    try {
      await c.open();
      if (connection.getState().connectionId !== connectionId) return;
      const snap = c.getSnapshot();
      connection.setState({
        status: "connected",
        revision: snap.revision,
        era: snap.era,
        serverInfo: snap.serverInfo,
        serverCapabilities: snap.serverCapabilities,
        instructions: snap.instructions,
      });
      eras.connected(settings, snap.era);
      if (settings.target.kind !== "embedded") saved.remember({ name: describeTarget(settings.target), target: settings.target });
    } catch (e) {
      if (connection.getState().connectionId !== connectionId) return;
      // A process that died while connecting: its exit says more than "connection closed".
      const exit = exitOf.get(transport)?.();
      const error = exit ? new McpError({ kind: "closed", message: describeExit(exit), reason: { type: "exit", exit } }) : toMcpError(e);
      connection.setState({ status: "failed", error });
      await disconnect("connection failed");
    }
  }

  /** Checks the bridge (URL and token) and records what it said. */
  async function checkBridge(): Promise<void> {
    const endpoint = bridge.getState().endpoint;
    if (!endpoint) return bridge.setState({ status: "none", info: undefined, error: undefined });
    bridge.setState({ status: "checking", error: undefined });
    try {
      const info = await bridgeInfo(endpoint, deps.fetch);
      if (bridge.getState().endpoint === endpoint) bridge.setState({ status: "ok", info, error: undefined });
    } catch (e) {
      if (bridge.getState().endpoint === endpoint) bridge.setState({ status: "failed", info: undefined, error: toMcpError(e) });
    }
  }

  const live = (): Client | undefined => client;
  const connectionCommands: ConnectionCommands = {
    connect,
    disconnect,
    confirmSpawn: (spec) => void confirmed.add(spawnSpecKey(spec)),
    isSpawnConfirmed: (spec) => confirmed.has(spawnSpecKey(spec)),
    setBridge: (endpoint, source = "pasted") => {
      bridge.setState({ endpoint, source: endpoint ? source : undefined, status: endpoint ? "checking" : "none", info: undefined, error: undefined });
      return checkBridge();
    },
    checkBridge,
    onClientEvent: (listener) => tap.subscribe(listener),
    listen: (filter) => client?.listen(filter),
    requestLogLevel: (level) => client?.request("logging/setLevel", { level }),
    clientOptions: () => client?.options,
  };

  return {
    session,
    bridge,
    saved,
    servers,
    eras,
    signIn,
    ...connectionCommands,
    ...callCommands({ session, live, connect, running, watches }),
    ...settingsCommands(session, live),
  };
}

export type { Controller, ConnectionCommands, CallCommands, SettingsCommands } from "./controllerTypes";
