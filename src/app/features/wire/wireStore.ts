import { createStore } from "zustand/vanilla";
import type { Frame } from "../../../core";
import { toWireEntry, type WireEntry } from "../../../core/recording";

export type { FrameKind, WireEntry } from "../../../core/recording";

export interface WireState {
  entries: WireEntry[];
  /** Entries dropped from memory because of the cap (they can be exported before they go). */
  dropped: number;
  cap: number;
}

/**
 * How many frames the log keeps by default. It bounds the log's memory (README "Performance": heap per
 * 10,000 frames) while holding a 100,000-frame session whole.
 */
export const WIRE_CAP = 100_000;

/**
 * The newest `cap` frames; the log is append-only otherwise. Appends are batched: frames arriving
 * in one task are queued and land in one state change on a microtask, so a burst of n frames costs
 * one copy of the array instead of n (O(1) amortised per frame, where a copy per frame made a
 * 100,000-frame log quadratic). `flush()` lands the queue at once; getState() sees the log as of
 * the last flush. An entry keeps the frame's text and the facts the list and filter read, not its
 * parsed message (toWireEntry; the detail view parses the one frame it shows).
 */
export function createWireStore(cap = WIRE_CAP) {
  let seq = 0;
  let queued: WireEntry[] = [];
  let scheduled = false;
  const store = createStore<WireState>()(() => ({ entries: [], dropped: 0, cap }));
  const flush = (): void => {
    scheduled = false;
    if (queued.length === 0) return;
    const batch = queued;
    queued = [];
    store.setState((s) => {
      const total = s.entries.length + batch.length;
      const drop = Math.max(0, total - s.cap);
      let entries: WireEntry[];
      if (drop === 0) entries = s.entries.concat(batch);
      else if (drop >= s.entries.length) entries = batch.slice(drop - s.entries.length);
      else entries = s.entries.slice(drop).concat(batch);
      return { entries, dropped: s.dropped + drop };
    });
  };
  return Object.assign(store, {
    append(frame: Frame, connectionId: number): void {
      queued.push(toWireEntry(frame, ++seq, connectionId));
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(flush);
      }
    },
    /** Lands queued frames now (tests, and readers that cannot wait for the microtask). */
    flush,
    clear(): void {
      queued = [];
      store.setState({ entries: [], dropped: 0 });
    },
  });
}

export type WireStore = ReturnType<typeof createWireStore>;
