/**
 * What one wire row shows, read from a wire entry: its kind, method (for responses, the method they
 * answer), id as text. Pure; a broken frame (text that did not parse) has no id.
 */
import type { JsonRpcMessage } from "../../../../core";
import type { FrameKind, WireEntry } from "../wireStore";

export type { FrameKind };

export interface FrameInfo {
  kind: FrameKind;
  /** The method sent, or the one answered; empty when unknown. */
  method: string;
  /** The JSON-RPC id as text, or empty for notifications and broken frames. */
  id: string;
}

export function frameInfo(entry: WireEntry): FrameInfo {
  return { kind: entry.kind, method: entry.method, id: entry.id === null ? "" : String(entry.id) };
}

/** Local wall-clock time as HH:MM:SS.mmm; `offsetMinutes` is Date's getTimezoneOffset (for tests). */
export function formatClock(at: number, offsetMinutes = new Date(at).getTimezoneOffset()): string {
  if (!Number.isFinite(at)) return "--:--:--.---";
  const local = new Date(at - offsetMinutes * 60_000);
  const p = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${p(local.getUTCHours())}:${p(local.getUTCMinutes())}:${p(local.getUTCSeconds())}.${p(local.getUTCMilliseconds(), 3)}`;
}

/** `348 B`, `12.4 kB`, `1.2 MB`. */
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} B`;
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)} kB`;
  return `${(n / 1_000_000).toFixed(1)} MB`;
}

/** Pretty JSON of a frame's parsed message (entryMessage), or its raw text when there is none, capped at `max` characters. */
export function frameBody(raw: string, message: JsonRpcMessage | undefined, max: number): { text: string; truncated: boolean; length: number } {
  let text = raw;
  if (message !== undefined) {
    try {
      text = JSON.stringify(message, null, 2);
    } catch {
      text = raw;
    }
  }
  return text.length > max ? { text: text.slice(0, max), truncated: true, length: text.length } : { text, truncated: false, length: text.length };
}
