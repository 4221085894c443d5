/**
 * The recording model: a call as the inspector records it (its events, in order, and how it ended),
 * and who answered an input without the user (a frame of the wire log is in wireEntry.ts). The app's stores hold these,
 * session files carry them, and the rounds, diff and replay code reads them; none of it needs a DOM.
 */
import { inputKindOf, type ClientEvent, type McpError } from "../index";

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

/**
 * The kind of question, as canned answers and replays tell them apart: the id of its kind in the
 * core's registry ("form", "url", "sampling", "roots", ...). A method no registered kind claims is
 * its own kind, named by the method, so it is never taken for another.
 */
export type QuestionKind = string;

export function questionKindOf(method: string, params: Record<string, unknown>): QuestionKind {
  return inputKindOf(method, params)?.id ?? method;
}

/**
 * A question's identity apart from its key: initialize-era questions are live requests whose ids
 * change every run, so they are found by kind and message instead.
 */
export function questionOf(method: string, params: Record<string, unknown>): string {
  return inputKindOf(method, params)?.question(params) ?? method;
}
