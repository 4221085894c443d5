import { createStore } from "zustand/vanilla";
import { useStore } from "zustand";
import { replayCalls, type CallDiff } from "../../core/recording";
import type { InputMethod } from "../../core";
import { createController, type Controller } from "./controller";
import { loadEmbedded } from "./embeddedChunk";
import { replayHost } from "./recording";
import { spawnSpecOf } from "../stores/targets";

/** A session beside the live one: its own controller, so its own connection, revision, calls and frames. */
export interface SideSession {
  id: number;
  controller: Controller;
}

export interface RunOnBoth {
  status: "idle" | "running" | "done" | "failed";
  /** The side session the call was repeated on. */
  against: number | undefined;
  /** The revisions the two sessions negotiated, for the words above the diff. */
  revisions: [string | undefined, string | undefined];
  diffs: CallDiff[];
  error: string | undefined;
}

export interface SessionsState {
  sessions: SideSession[];
  run: RunOnBoth;
}

/** The live session and at most this many beside it. */
export const MAX_SIDE_SESSIONS = 2;

const IDLE: RunOnBoth = { status: "idle", against: undefined, revisions: [undefined, undefined], diffs: [], error: undefined };

export const sessionsStore = createStore<SessionsState>()(() => ({ sessions: [], run: IDLE }));

export function useSessions<T>(selector: (s: SessionsState) => T): T {
  return useStore(sessionsStore, selector);
}

let nextId = 2;

/**
 * Opens a session beside the live one, made the way the live one is (createController → createSession),
 * sharing the page's bridge, saved servers and era memory, and connects it to the live session's
 * server at `revision`.
 */
export function openSideSession(live: Controller, revision: string): SideSession | undefined {
  if (sessionsStore.getState().sessions.length >= MAX_SIDE_SESSIONS) return undefined;
  const controller = createController({
    embeddedServer: () => loadEmbedded().then((m) => m.pageDemoServer("presa-demo-secret", null)),
    bridge: live.bridge,
    saved: live.saved,
    servers: live.servers,
    eras: live.eras,
  });
  const side = { id: nextId++, controller };
  sessionsStore.setState((s) => ({ sessions: [...s.sessions, side] }));
  const settings = live.session.connection.getState().settings;
  // A stdio command is spawned only once the user confirmed it, and each controller keeps its own
  // confirmations: the user confirmed this exact command for the page when the live session ran it,
  // so the session beside it may run it too (a command nobody confirmed still fails in words).
  if (settings.target.kind === "stdio") {
    const spec = spawnSpecOf(settings.target);
    if (live.isSpawnConfirmed(spec)) controller.confirmSpawn(spec);
  }
  void controller.connect({ target: settings.target, capabilities: settings.capabilities, revision: revision as typeof settings.revision });
  return side;
}

export async function closeSideSession(id: number): Promise<void> {
  const side = sessionsStore.getState().sessions.find((s) => s.id === id);
  sessionsStore.setState((s) => ({ sessions: s.sessions.filter((x) => x.id !== id), run: s.run.against === id ? IDLE : s.run }));
  await side?.controller.disconnect("session closed");
}

/**
 * "Run on both": the call runs on the live session, where the user answers its questions as usual;
 * then the same call runs on the side session with the same answers (the replay answerer gives each
 * recorded answer by round and key), and the per-round difference (the replay diff) is kept.
 */
export async function runOnBoth(live: Controller, sideId: number, method: InputMethod, params: Record<string, unknown>): Promise<void> {
  const side = sessionsStore.getState().sessions.find((s) => s.id === sideId);
  if (!side) return;
  const revisions: [string | undefined, string | undefined] = [live.session.connection.getState().revision, side.controller.session.connection.getState().revision];
  sessionsStore.setState({ run: { ...IDLE, status: "running", against: sideId, revisions } });
  try {
    const handle = live.start(method, params);
    if (!handle) throw new Error("the live session is not connected");
    await handle.outcome;
    const record = live.session.calls.getState().calls[handle.id];
    if (!record) throw new Error("the call left no record");
    const diffs = await replayCalls(replayHost(side.controller), [record]);
    sessionsStore.setState({ run: { status: "done", against: sideId, revisions, diffs, error: undefined } });
  } catch (e) {
    sessionsStore.setState({ run: { ...IDLE, status: "failed", against: sideId, revisions, error: e instanceof Error ? e.message : String(e) } });
  }
}
