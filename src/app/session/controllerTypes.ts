/**
 * The controller's declared shape: three narrow parts (connecting, calls, settings) and the stores it
 * holds. A module that needs one part takes that part's type, not the whole controller; none of them
 * hands out the core's Client itself, so what the app asks of a connection is listed here.
 */
import type {
  BridgeEndpoint,
  CallHandle,
  ClientEvent,
  CompletionQuery,
  ConnectOptions,
  InputMethod,
  ListenHandle,
  Root,
  SpawnSpec,
  SubscriptionFilter,
  Suggestions,
  Tool,
} from "../../core";
import type { ConnectionSettings } from "../stores/connectionStore";
import type { BridgeStore } from "../stores/bridgeStore";
import type { SavedStore } from "../features/connection/store/savedStore";
import type { ServersStore } from "../features/connection/servers/serversStore";
import type { LogLevel } from "../features/notifications/notifyStore";
import type { SignIn } from "./auth/signIn";
import type { EraMemory } from "./eraMemory";
import type { Session } from "./session";

/** The live connection: (re)connecting, the bridge, spawn confirmations, and what listens to the client. */
export interface ConnectionCommands {
  /** (Re)connects with the given settings; the user's place in the UI is kept by the UI stores. */
  connect(patch?: Partial<ConnectionSettings>): Promise<void>;
  disconnect(reason: string): Promise<void>;
  /** The user saw exactly this spec in the spawn dialog and said yes. */
  confirmSpawn(spec: SpawnSpec): void;
  isSpawnConfirmed(spec: SpawnSpec): boolean;
  setBridge(endpoint: BridgeEndpoint | undefined, source?: "page" | "pasted"): Promise<void>;
  /** Checks the bridge (URL and token) and records what it said. */
  checkBridge(): Promise<void>;
  /** Every client event with its connection id; returns the unsubscribe. */
  onClientEvent(listener: (e: { event: ClientEvent; connectionId: number }) => void): () => void;
  /** `subscriptions/listen` on the live connection (2026-07-28); undefined when nothing is connected. */
  listen(filter: SubscriptionFilter): ListenHandle | undefined;
  /** `logging/setLevel` on the live connection; undefined when nothing is connected. */
  requestLogLevel(level: LogLevel): Promise<unknown> | undefined;
  /** The options the live client was made with (read only); undefined when nothing is connected. */
  clientOptions(): Readonly<ConnectOptions> | undefined;
}

/** Calls on the live connection: the catalog's listings, the one method -> call dispatch, and what a call needs to know of a tool. */
export interface CallCommands {
  listTools(): Promise<Tool[]>;
  listResources(): Promise<Record<string, unknown>>;
  listResourceTemplates(): Promise<Record<string, unknown>>;
  listPrompts(): Promise<Record<string, unknown>>;
  /** Starts a tools/call, resources/read or prompts/get; undefined when nothing is connected. */
  start(method: InputMethod, params: Record<string, unknown>): CallHandle | undefined;
  callTool(name: string, args: Record<string, unknown>): CallHandle | undefined;
  readResource(uri: string): CallHandle | undefined;
  /** A plain resources/read the page makes itself (an app's document read ahead): in the wire log, not a call of the history. */
  readAhead(uri: string): Promise<Record<string, unknown>>;
  getPrompt(name: string, args: Record<string, string>): CallHandle | undefined;
  cancel(callId: string): void;
  /** "Run again": the same call from round 1, reconnecting first when the connection or session is gone. */
  rerun(callId: string): Promise<CallHandle | undefined>;
  /** Argument suggestions from the server (completion/complete); the Completer in the form debounces. */
  complete(query: CompletionQuery, signal: AbortSignal): Promise<Suggestions>;
  /** Subscribe to / unsubscribe from one resource's updates (features/watch). */
  watchResource(uri: string): Promise<void>;
  unwatchResource(uri: string): Promise<void>;
  /** Tools the client left out of the catalog (invalid definitions). */
  droppedTools(): { name: string; reason: string }[];
  /** A tool of the live connection's last listing (its annotations, `_meta.ui`, schema); undefined when not listed or not connected. */
  listedTool(name: string): Tool | undefined;
  /** A listed tool's input schema (for "copy as curl" with mirrored headers). */
  toolSchema(name: string): Tool["inputSchema"] | undefined;
}

/** Settings that change while connected. */
export interface SettingsCommands {
  /** Replaces the standing roots list (kept in the settings, and sent on a live client). */
  setRoots(list: Root[]): Promise<void>;
  setStepMode(on: boolean): void;
  setLogLevel(logLevel: LogLevel | "off"): void;
}

/** The app's one link to the client core, for the live session. */
export interface Controller extends ConnectionCommands, CallCommands, SettingsCommands {
  /** The live session's stores. */
  readonly session: Session;
  readonly bridge: BridgeStore;
  readonly saved: SavedStore;
  readonly servers: ServersStore;
  readonly eras: EraMemory;
  /** Sign-in (OAuth): its store (steps, phase, status without tokens) and commands. */
  readonly signIn: SignIn;
}
