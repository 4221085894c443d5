/**
 * The recording model: a call as the inspector records it (its events, in order, and how it ended),
 * and who answered an input without the user (a frame of the wire log is in wireEntry.ts). The app's stores hold these,
 * session files carry them, and the rounds, diff and replay code reads them; none of it needs a DOM.
 */
import type { ClientEvent, InputKind, McpError } from "../index";

/** The client events that belong to one call, in order. */
export type CallEvent = Extract<
  ClientEvent,
  {
    type:
      | "callStarted"
      | "roundStarted"
      | "inputRequested"
      | "inputAnswered"
      | "retryHeld"
      | "retrySent"
      | "callFinished"
      | "notification"
      | "taskCreated"
      | "taskPolled"
      | "taskStatus"
      | "taskInputSent"
      | "taskCancelRequested"
      | "taskFinished"
      | "clientTask";
  }
>;

export interface CallRecord {
  /** Unique in the page: ids never restart per connection. */
  callId: string;
  /** The connection the call ran on (1, 2, ... within a page). */
  connectionId: number;
  method: string;
  /** Tool or prompt name, or resource URI. */
  target: string;
  params: Record<string, unknown>;
  /** The revision negotiated on its connection. */
  revision: string | undefined;
  status: "running" | "done" | "failed";
  startedAt: number;
  events: CallEvent[];
  result?: Record<string, unknown>;
  error?: McpError;
}

/** Who answered a question without the user: a canned answer, the mock model, or a replay. */
export interface AutoSource {
  by: "canned" | "mock" | "replay";
  /** The canned answer's name, the mock rule, or the recording's call. */
  name: string;
}

/** The kind of question, as canned answers and replays tell them apart. */
export type QuestionKind = "form" | "url" | "sampling" | "roots";

export function questionKindOf(kind: InputKind, params: Record<string, unknown>): QuestionKind {
  if (kind === "sampling/createMessage") return "sampling";
  if (kind === "roots/list") return "roots";
  return params.mode === "url" ? "url" : "form";
}

/**
 * A question's identity apart from its key: initialize-era questions are live requests whose ids
 * change every run, so they are found by kind and message instead.
 */
export function questionOf(kind: InputKind, params: Record<string, unknown>): string {
  const k = questionKindOf(kind, params);
  return k === "form" || k === "url" ? `${k}: ${String(params.message ?? "")}` : k;
}
