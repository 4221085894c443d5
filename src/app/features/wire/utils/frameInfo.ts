/**
 * What one wire row shows, derived from a Frame: its kind, method (for responses, the method they
 * answer, which the connection put in `frame.method`), id and timing. Pure, and it never throws on a
 * broken frame: those have no message, only raw text and an error.
 */
import type { Frame } from "../../../../core";

export type FrameKind = "request" | "notification" | "result" | "error" | "broken";

export interface FrameInfo {
  kind: FrameKind;
  /** The method sent, or the one answered; empty when unknown. */
  method: string;
  /** The JSON-RPC id as text, or empty for notifications and broken frames. */
  id: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function frameInfo(frame: Frame): FrameInfo {
  const m: unknown = frame.message;
  if (!isRecord(m) || frame.error !== undefined) return { kind: "broken", method: frame.method ?? "", id: "" };
  const id = typeof m.id === "string" || typeof m.id === "number" ? String(m.id) : "";
  if (typeof m.method === "string") return { kind: "id" in m ? "request" : "notification", method: m.method, id };
  return { kind: "error" in m ? "error" : "result", method: frame.method ?? "", id };
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

/** Pretty JSON of a parsed frame, or its raw text when it did not parse, capped at `max` characters. */
export function frameBody(frame: Frame, max: number): { text: string; truncated: boolean; length: number } {
  let text = frame.raw;
  if (frame.message !== undefined && frame.error === undefined) {
    try {
      text = JSON.stringify(frame.message, null, 2);
    } catch {
      text = frame.raw;
    }
  }
  return text.length > max ? { text: text.slice(0, max), truncated: true, length: text.length } : { text, truncated: false, length: text.length };
}
