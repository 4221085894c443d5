import { createStore } from "zustand/vanilla";
import type { CapabilityKey, CapabilityMode, McpError, Era, Revision, Implementation, Root, ServerCapabilities } from "../../core";

/** How the client treats one kind of input (the core's modes, shared with the CLI). */
export type { CapabilityKey, CapabilityMode } from "../../core";

export interface HeaderRow {
  name: string;
  value: string;
}

/**
 * What the app connects to: the embedded demo server, a Streamable HTTP URL the page calls itself
 * (the server must allow the page's origin), the same through the local bridge (for servers without
 * CORS), or a stdio command the bridge spawns once the user has confirmed exactly that command.
 */
export type Target =
  /** `server`: the demo server (the default) or the hostile demo server that misbehaves on purpose (README "Hostile servers and faults"). */
  | { kind: "embedded"; server?: EmbeddedServerName }
  | { kind: "url"; url: string; headers: HeaderRow[]; transport?: HttpTransportChoice }
  | { kind: "bridge-http"; url: string; headers: HeaderRow[]; transport?: HttpTransportChoice }
  | { kind: "stdio"; command: string; args: string[]; env: HeaderRow[]; cwd: string };

export type TargetKind = Target["kind"];

/** How an HTTP target is spoken to (absent: Streamable HTTP); see session/httpTransport.ts. */
export type HttpTransportChoice = "auto" | "streamable-http" | "http+sse";

/** The servers that run in the page. */
export type EmbeddedServerName = "demo" | "hostile";

/** Default per-request timeout: a server silent this long is taken to have stopped answering. */
export const DEFAULT_TIMEOUT_MS = 60_000;

export interface ConnectionSettings {
  target: Target;
  /** "auto" offers every revision, newest first. */
  revision: "auto" | Revision;
  clientInfo: Implementation;
  capabilities: Record<CapabilityKey, CapabilityMode>;
  stepMode: boolean;
  maxRounds: number;
  /** Per-request timeout in ms (0: none); it never runs while a person answers (ConnectOptions.requestTimeoutMs). */
  timeoutMs?: number;
  /** Declare `sampling.tools` (2025-11-25 on): servers may offer tools in sampling requests (README "The other ways a server asks"). */
  samplingTools?: boolean;
  /** Take tasks (the 2026-07-28 extension, 2025-11-25 task-augmented tool calls); absent means on. */
  tasks?: boolean;
  /** A standing roots list declared with `listChanged`, answered at once (unless askEachTime); absent or off: a roots card per request. */
  standingRoots?: StandingRootsSetting;
}

/** The standing roots list of the connection settings (ConnectOptions.roots when on and roots are handled). */
export interface StandingRootsSetting {
  on: boolean;
  list: Root[];
  /** Keep the per-request roots card (the list still declares listChanged and is sent as list_changed). */
  askEachTime: boolean;
}

export type ConnectionStatus = "idle" | "connecting" | "connected" | "failed" | "closed";

export interface ConnectionState {
  settings: ConnectionSettings;
  status: ConnectionStatus;
  /** Increments on every connect, so caches and logs can tell connections apart. */
  connectionId: number;
  revision: string | undefined;
  era: Era | undefined;
  serverInfo: Implementation | undefined;
  serverCapabilities: ServerCapabilities;
  instructions: string | undefined;
  declared: Record<string, unknown>;
  error: McpError | undefined;
}

export const DEFAULT_SETTINGS: ConnectionSettings = {
  target: { kind: "embedded" },
  revision: "auto",
  clientInfo: { name: "presa-inspector", version: "0.1.0" },
  capabilities: { elicitationForm: "handled", elicitationUrl: "handled", sampling: "handled", roots: "handled" },
  stepMode: false,
  maxRounds: 10,
  timeoutMs: DEFAULT_TIMEOUT_MS,
};

export function initialConnectionState(settings: ConnectionSettings = DEFAULT_SETTINGS): ConnectionState {
  return {
    settings,
    status: "idle",
    connectionId: 0,
    revision: undefined,
    era: undefined,
    serverInfo: undefined,
    serverCapabilities: {},
    instructions: undefined,
    declared: {},
    error: undefined,
  };
}

/** A store factory, so tests get a fresh store each. */
export function createConnectionStore(settings?: ConnectionSettings) {
  return createStore<ConnectionState>()(() => initialConnectionState(settings));
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;
