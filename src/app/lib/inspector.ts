import { McpError, toMcpError } from "../../core/jsonrpc/errors";
import { Emitter } from "../../core/jsonrpc/events";
import { Client } from "../../core/mcp";
import type { ClientEvent } from "../../core/mcp/events";
import { REVISIONS } from "../../core/protocol/revisions";
import { inProcessPair } from "../../core/transport/inProcess";
import { StreamableHttpTransport } from "../../core/transport/streamableHttp";
import type { Transport } from "../../core/transport/transport";
import type { McpServer } from "../../server/server";
import { serveTransport } from "../../server/serve";
import { createCallsStore, type CallEvent } from "../features/call/store/callsStore";
import { createInputStore } from "../features/input/store/inputStore";
import { createStepStore } from "../features/step/store/stepStore";
import { createWireStore } from "../features/wire/store/wireStore";
import { createNotifyStore } from "../features/notifications/store/notifyStore";
import { callMeta } from "../features/notifications/utils/callMeta";
import { createAutoAnswer } from "./autoAnswer";
import { createConnectionStore, type ConnectionSettings } from "../stores/connectionStore";
import { capabilitiesFromModes, handlersFromModes } from "./handlers";

const CALL_EVENTS = new Set(["callStarted", "roundStarted", "inputRequested", "inputAnswered", "retryHeld", "retrySent", "callFinished"]);

export interface InspectorDeps {
  /** The embedded demo server; one per page, so its key (and its tokens) last across reconnects. */
  embeddedServer: McpServer;
  fetch?: typeof fetch;
}

/**
 * The app's one link to the client core: it owns the client, turns its events into store actions and
 * offers commands to components. Components never see a transport or build a JSON-RPC message.
 */
export function createInspector(deps: InspectorDeps) {
  const connection = createConnectionStore();
  const wire = createWireStore();
  const calls = createCallsStore();
  const inputs = createInputStore();
  const step = createStepStore();
  const auto = createAutoAnswer();
  const notify = createNotifyStore();
  // Every client event with its connection, for bridges outside the stores (list_changed, canned answers).
  const tap = new Emitter<{ event: ClientEvent; connectionId: number }>();
  let progressCounter = 0;
  let client: Client | undefined;
  let unsubscribe: () => void = () => undefined;
  const controllers = new Map<string, AbortController>();

  function transportFor(settings: ConnectionSettings): Transport {
    if (settings.target.kind === "embedded") {
      const pair = inProcessPair();
      serveTransport(deps.embeddedServer, pair.server, { caller: "embedded" });
      return pair.client;
    }
    const headers: Record<string, string> = {};
    for (const row of settings.target.headers) if (row.name.trim()) headers[row.name.trim()] = row.value;
    return new StreamableHttpTransport(settings.target.url, { headers, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
  }

  function onEvent(event: ClientEvent, connectionId: number): void {
    tap.emit({ event, connectionId });
    if (event.type === "frame") wire.append(event.frame, connectionId);
    else if (CALL_EVENTS.has(event.type) || (event.type === "notification" && event.callId)) {
      calls.record(event as CallEvent, connectionId, connection.getState().revision);
    } else if (event.type === "closed" && connection.getState().connectionId === connectionId) {
      connection.setState({ status: "closed" });
    }
  }

  async function disconnect(reason: string): Promise<void> {
    unsubscribe();
    unsubscribe = () => undefined;
    inputs.refuseAll(reason);
    step.abortAll(reason);
    for (const c of controllers.values()) c.abort();
    const old = client;
    client = undefined;
    await old?.close().catch(() => undefined);
  }

  /** (Re)connects with the given settings; the user's place in the UI is kept by the UI stores. */
  async function connectWith(patch: Partial<ConnectionSettings> = {}): Promise<void> {
    await disconnect("reconnecting");
    const settings = { ...connection.getState().settings, ...patch };
    const connectionId = connection.getState().connectionId + 1;
    const declared = capabilitiesFromModes(settings.capabilities);
    connection.setState({ settings, connectionId, status: "connecting", error: undefined, revision: undefined, era: undefined, declared: declared as Record<string, unknown> });
    let transport: Transport;
    try {
      transport = transportFor(settings);
    } catch (e) {
      connection.setState({ status: "failed", error: toMcpError(e) });
      return;
    }
    const c = new Client(transport, {
      versions: settings.revision === "auto" ? REVISIONS : [settings.revision],
      handlers: handlersFromModes(settings.capabilities, inputs, auto),
      capabilities: declared,
      clientInfo: settings.clientInfo,
      maxRounds: settings.maxRounds,
      step: (draft) => (connection.getState().settings.stepMode ? step.hold(draft) : Promise.resolve({ action: "send", draft })),
    });
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
    } catch (e) {
      if (connection.getState().connectionId !== connectionId) return;
      connection.setState({ status: "failed", error: toMcpError(e) });
      await disconnect("connection failed");
    }
  }

  function requireClient(): Client {
    if (!client) throw new McpError({ kind: "closed", message: "not connected" });
    return client;
  }

  /** Runs a call; its progress and outcome land in the calls store, so this never throws. */
  async function run(start: (c: Client, signal: AbortSignal) => Promise<unknown>): Promise<void> {
    const c = client;
    if (!c) return;
    const controller = new AbortController();
    // callStarted fires synchronously inside start(), so the first one seen is this call's.
    const unsub = c.subscribe((e) => {
      if (e.type === "callStarted") {
        controllers.set(e.callId, controller);
        unsub();
      }
    });
    try {
      await start(c, controller.signal);
    } catch {
      // recorded by the callFinished event
    } finally {
      unsub();
      for (const [id, ctl] of controllers) if (ctl === controller) controllers.delete(id);
    }
  }

  /** Progress for every call, and logs at the chosen level (see callMeta). */
  const metaFor = (c: Client) => callMeta(c.era, notify.getState().logLevel, ++progressCounter);

  return {
    connection,
    wire,
    calls,
    inputs,
    step,
    auto,
    notify,
    onClientEvent: (listener: (e: { event: ClientEvent; connectionId: number }) => void) => tap.subscribe(listener),
    connect: connectWith,
    disconnect,
    client: () => client,
    listTools: () => requireClient().listTools(),
    listResources: () => requireClient().listResources(),
    listResourceTemplates: () => requireClient().listResourceTemplates(),
    listPrompts: () => requireClient().listPrompts(),
    callTool: (name: string, args: Record<string, unknown>) => run((c, signal) => c.callTool(name, args, { signal, meta: metaFor(c) })),
    readResource: (uri: string) => run((c, signal) => c.readResource(uri, { signal, meta: metaFor(c) })),
    getPrompt: (name: string, args: Record<string, string>) => run((c, signal) => c.getPrompt(name, args, { signal, meta: metaFor(c) })),
    cancel: (callId: string) => controllers.get(callId)?.abort(),
    droppedTools: () => client?.droppedTools ?? [],
  };
}

export type Inspector = ReturnType<typeof createInspector>;
