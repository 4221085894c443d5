import { createStore } from "zustand/vanilla";

/** One resource the user watches on the live connection (resources/subscribe, or listen on 2026-07-28). */
export interface WatchEntry {
  uri: string;
  status: "subscribing" | "on" | "closing" | "failed";
  /** The request that asked: resources/subscribe or subscriptions/listen. */
  via: string | undefined;
  /** Why subscribing or unsubscribing failed, in words. */
  error: string | undefined;
  /** notifications/resources/updated heard for this URI since subscribing. */
  updates: number;
  lastUpdatedAt: number | undefined;
}

export interface WatchState {
  watches: Record<string, WatchEntry>;
}

/** Per session: what the user watches and the updates heard, reset when the connection ends. */
export function createWatchStore() {
  return createStore<WatchState>()(() => ({ watches: {} }));
}

export type WatchStore = ReturnType<typeof createWatchStore>;
