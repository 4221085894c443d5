/**
 * The call history as one JSON document, for "Export history": memory keeps only the newest calls
 * (callsStore's cap), so a long session is saved by exporting before older calls leave. Pure.
 */
import { McpError } from "../../../../core";
import type { CallsState } from "../callsStore";

export const HISTORY_FORMAT = "presa-call-history/1";

export interface HistoryExport {
  format: typeof HISTORY_FORMAT;
  exportedAt: string;
  /** Calls in this file, oldest first. */
  kept: number;
  /** Older calls that had already left memory (the cap) when this was exported. */
  dropped: number;
  cap: number;
  calls: unknown[];
}

// McpError keeps its message off the enumerable fields, so JSON.stringify alone would lose it.
function plain(_key: string, value: unknown): unknown {
  if (value instanceof McpError) return { kind: value.kind, message: value.message, code: value.code, data: value.data, reason: value.reason, status: value.status };
  if (value instanceof Error) return { name: value.name, message: value.message };
  return value;
}

export function historyExport(state: Pick<CallsState, "calls" | "order" | "dropped" | "cap">, now: Date): HistoryExport {
  const calls = state.order.map((id) => state.calls[id]).filter((c) => c !== undefined);
  return { format: HISTORY_FORMAT, exportedAt: now.toISOString(), kept: calls.length, dropped: state.dropped, cap: state.cap, calls };
}

export function historyJson(state: Pick<CallsState, "calls" | "order" | "dropped" | "cap">, now: Date): string {
  return JSON.stringify(historyExport(state, now), plain, 2);
}

/** `presa-history-2026-07-28T10-15-00.json`: sortable, and no characters file systems refuse. */
export function historyFileName(now: Date): string {
  return `presa-history-${now.toISOString().slice(0, 19).replace(/:/g, "-")}.json`;
}
