import { createStore } from "zustand/vanilla";
import { useStore } from "zustand";
import type { Inspector } from "../../../lib/inspector";
import type { CallDiff } from "../utils/diffCalls";
import type { LoadedSession } from "../utils/sessionFile";

export interface ReplayState {
  status: "idle" | "running" | "done" | "failed";
  diffs: CallDiff[];
  error: string | undefined;
}

export interface SessionState {
  /** An imported recording, shown read-only; undefined when the live session is shown. */
  loaded: LoadedSession | undefined;
  fileName: string | undefined;
  /** A second, never connected inspector whose stores hold the recording, so the usual views show it. */
  viewer: Inspector | undefined;
  replay: ReplayState;
  importError: string | undefined;
}

export const IDLE_REPLAY: ReplayState = { status: "idle", diffs: [], error: undefined };

export function createSessionStore() {
  return createStore<SessionState>()(() => ({ loaded: undefined, fileName: undefined, viewer: undefined, replay: IDLE_REPLAY, importError: undefined }));
}

export const sessionStore = createSessionStore();

export function useSession<T>(selector: (s: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
