import { createStore } from "zustand/vanilla";
import { useStore } from "zustand";
import type { CallDiff, LoadedSession } from "../../core/recording";
import type { Session } from "./session";

export interface ReplayState {
  status: "idle" | "running" | "done" | "failed";
  diffs: CallDiff[];
  error: string | undefined;
}

/** App-wide: the opened recording (if any) and its replay against the live connection. */
export interface RecordingState {
  /** An imported recording, shown read-only; undefined when the live session is shown. */
  loaded: LoadedSession | undefined;
  fileName: string | undefined;
  /** The recording's own session (made like the live one, never connected), so the usual views show it. */
  viewer: Session | undefined;
  replay: ReplayState;
  importError: string | undefined;
}

export const IDLE_REPLAY: ReplayState = { status: "idle", diffs: [], error: undefined };

export function createRecordingStore() {
  const store = createStore<RecordingState>()(() => ({ loaded: undefined, fileName: undefined, viewer: undefined, replay: IDLE_REPLAY, importError: undefined }));
  return Object.assign(store, {
    dismissImportError(): void {
      store.setState({ importError: undefined });
    },
  });
}

export const recordingStore = createRecordingStore();

export function useRecording<T>(selector: (s: RecordingState) => T): T {
  return useStore(recordingStore, selector);
}
