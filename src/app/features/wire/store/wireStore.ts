import { createStore } from "zustand/vanilla";
import type { Frame } from "../../../../core/jsonrpc/connection";

export interface WireEntry extends Frame {
  seq: number;
  connectionId: number;
}

export interface WireState {
  entries: WireEntry[];
  /** Entries dropped from memory because of the cap (they can be exported before they go). */
  dropped: number;
  cap: number;
}

/** Keeps the newest `cap` frames; the log is append-only otherwise. */
export function createWireStore(cap = 20_000) {
  let seq = 0;
  const store = createStore<WireState>()(() => ({ entries: [], dropped: 0, cap }));
  return Object.assign(store, {
    append(frame: Frame, connectionId: number): void {
      const entry: WireEntry = { ...frame, seq: ++seq, connectionId };
      store.setState((s) => {
        const entries = s.entries.length >= s.cap ? [...s.entries.slice(s.entries.length - s.cap + 1), entry] : [...s.entries, entry];
        return { entries, dropped: s.dropped + (s.entries.length + 1 - entries.length) };
      });
    },
    clear(): void {
      store.setState({ entries: [], dropped: 0 });
    },
  });
}

export type WireStore = ReturnType<typeof createWireStore>;
