import { createStore } from "zustand/vanilla";
import { addEvent, openRecord, type CallEvent, type CallRecord } from "../../../core/recording";

export type { CallEvent, CallRecord } from "../../../core/recording";

export interface CallsState {
  calls: Record<string, CallRecord>;
  order: string[];
  selected: string | undefined;
  /** How many calls are kept; older ones leave memory first (export the history to keep them). */
  cap: number;
  /** Calls that left memory because of the cap since the last clear. */
  dropped: number;
}

/** The default cap: a long session keeps its newest 500 calls in memory (README "Performance": long session). */
export const CALLS_CAP = 500;

export function createCallsStore(cap = CALLS_CAP) {
  const store = createStore<CallsState>()(() => ({ calls: {}, order: [], selected: undefined, cap, dropped: 0 }));
  const update = (callId: string, f: (c: CallRecord) => CallRecord): void =>
    store.setState((s) => {
      const call = s.calls[callId];
      return call ? { calls: { ...s.calls, [callId]: f(call) } } : {};
    });
  return Object.assign(store, {
    /** Routes one client event to its call; a callStarted opens the record and selects it. */
    record(event: CallEvent, connectionId: number, revision: string | undefined): void {
      if (event.type === "callStarted") {
        const call = openRecord(event, connectionId, revision);
        store.setState((s) => {
          const order = [...s.order, event.callId];
          const calls = { ...s.calls, [event.callId]: call };
          let dropped = s.dropped;
          while (order.length > s.cap) {
            const old = order.shift() as string;
            delete calls[old];
            dropped++;
          }
          return { calls, order, selected: event.callId, dropped };
        });
        return;
      }
      const callId = event.callId;
      if (!callId) return;
      update(callId, (c) => addEvent(c, event));
    },
    select(callId: string | undefined): void {
      store.setState({ selected: callId });
    },
    clear(): void {
      store.setState({ calls: {}, order: [], selected: undefined, dropped: 0 });
    },
  });
}

export type CallsStore = ReturnType<typeof createCallsStore>;
