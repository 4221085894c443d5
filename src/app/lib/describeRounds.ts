import { capText, safeJson, type Capped } from "./capText";
/**
 * Display derivations for the timeline: a one-line summary of each question, the call's outcome, and
 * JSON that is safe to show (never throws, capped). Everything here reads untrusted server data, so
 * each reader checks the shape it needs instead of trusting the types.
 */
import type { McpError, InputRequest } from "../../core";
import type { CallRecord } from "../model";

/** Longest one-line summary; the full request stays one click away. */
export const SUMMARY_MAX = 140;

export type RequestSummary = { kind: "form" | "url" | "sampling" | "roots" | "unknown"; label: string; text: string };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Collapses whitespace and cuts to `max` characters, marking the cut with an ellipsis. */
export function oneLine(text: string, max = SUMMARY_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function firstSamplingText(params: Record<string, unknown>): string {
  const messages = Array.isArray(params.messages) ? params.messages : [];
  for (const m of messages) {
    if (!isRecord(m)) continue;
    const blocks = Array.isArray(m.content) ? m.content : [m.content];
    for (const b of blocks) if (isRecord(b) && typeof b.text === "string") return b.text;
  }
  return "(no text message)";
}

/** What a question asks, in one line: the message of a form, the url of URL mode, the first sampling text. */
export function summarizeRequest(request: InputRequest): RequestSummary {
  const params: Record<string, unknown> = isRecord(request.params) ? request.params : {};
  switch (request.method) {
    case "elicitation/create":
      if (params.mode === "url") {
        return { kind: "url", label: "URL", text: oneLine(typeof params.url === "string" ? params.url : "(no url)") };
      }
      return { kind: "form", label: "form", text: oneLine(typeof params.message === "string" ? params.message : "(no message)") };
    case "sampling/createMessage":
      return { kind: "sampling", label: "sampling", text: oneLine(firstSamplingText(params)) };
    case "roots/list":
      return { kind: "roots", label: "roots", text: "the client's roots" };
    default:
      return { kind: "unknown", label: String((request as { method?: unknown }).method), text: "" };
  }
}

export type CallOutcome =
  | { kind: "running" }
  | { kind: "complete"; rounds: number; ms: number; isError: boolean }
  | { kind: "roundCap"; rounds: number; maxRounds: number | undefined; ms: number; error: McpError }
  | { kind: "cancelled"; ms: number; error: McpError }
  | { kind: "error"; ms: number; error: McpError };

/** How the call ended, from its callFinished event (the last one wins, should there be two). */
export function outcomeOf(call: CallRecord): CallOutcome {
  const done = [...call.events].reverse().find((e) => e.type === "callFinished");
  if (!done || done.type !== "callFinished") return { kind: "running" };
  const error = done.error;
  if (!error) return { kind: "complete", rounds: done.rounds, ms: done.ms, isError: done.result?.isError === true };
  if (error.kind === "tooManyRounds") {
    const maxRounds = error.reason?.type === "roundCap" ? error.reason.maxRounds : undefined;
    return { kind: "roundCap", rounds: done.rounds, maxRounds, ms: done.ms, error };
  }
  if (error.kind === "cancelled") return { kind: "cancelled", ms: done.ms, error };
  return { kind: "error", ms: done.ms, error };
}

/** `1.2 s`, `340 ms`, `4 m 05 s`: short durations for badges. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return "?";
  const abs = Math.abs(ms);
  if (abs < 1000) return `${Math.round(ms)} ms`;
  if (abs < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(abs / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return `${ms < 0 ? "-" : ""}${h > 0 ? `${h} h ${String(m).padStart(2, "0")} m` : `${m} m ${rest} s`}`;
}

/** Whole seconds, for a countdown that ticks once a second. */
export function formatSeconds(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} m ${String(s % 60).padStart(2, "0")} s`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${String(m % 60).padStart(2, "0")} m`;
  return `${Math.floor(h / 24)} d`;
}

export { capText, safeJson, type Capped };
