import { createStore } from "zustand/vanilla";

/** Log levels of MCP logging, least severe first (spec "Logging"). */
export const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface NotifyState {
  /** The level the client asks logs at: `_meta` logLevel on 2026-07-28, logging/setLevel before. */
  logLevel: LogLevel | "off";
}

export function createNotifyStore() {
  return createStore<NotifyState>()(() => ({ logLevel: "info" }));
}

export type NotifyStore = ReturnType<typeof createNotifyStore>;
