import type { CallHandle } from "../index";
import type { CallEvent, CallRecord } from "./model";

const CALL_EVENTS = new Set([
  "callStarted",
  "roundStarted",
  "inputRequested",
  "inputAnswered",
  "retryHeld",
  "retrySent",
  "callFinished",
  // A call that became a task (src/core/tasks): its creation, polls, status changes, answers sent, end.
  "taskCreated",
  "taskPolled",
  "taskStatus",
  "taskInputSent",
  "taskCancelRequested",
  "taskFinished",
]);

/** A client event that belongs in a call's record: its own lifecycle events and notifications tied to it. */
export function isCallEvent(event: { type: string; callId?: string | undefined }): event is CallEvent {
  // Notifications and client-side tasks (a task this client runs for the server) belong to a call only when tied to one.
  return CALL_EVENTS.has(event.type) || ((event.type === "notification" || event.type === "clientTask") && event.callId !== undefined);
}

/** Tool or prompt name, or resource URI. */
export function callTarget(method: string, params: Record<string, unknown>): string {
  const v = method === "resources/read" ? params.uri : params.name;
  return typeof v === "string" ? v : "";
}

/** A new, running record from a call's `callStarted`. */
export function openRecord(event: Extract<CallEvent, { type: "callStarted" }>, connectionId: number, revision: string | undefined): CallRecord {
  return {
    callId: event.callId,
    connectionId,
    method: event.method,
    target: callTarget(event.method, event.params),
    params: event.params,
    revision,
    status: "running",
    startedAt: event.at,
    events: [event],
  };
}

/** The record with one more event; `callFinished` settles its status, result or error. */
export function addEvent(record: CallRecord, event: CallEvent): CallRecord {
  const next: CallRecord = { ...record, events: [...record.events, event] };
  if (event.type === "callFinished") {
    if (event.error) {
      next.status = "failed";
      next.error = event.error;
    } else {
      next.status = "done";
      if (event.result) next.result = event.result;
    }
  }
  return next;
}

/** Records one call from its handle (no store, no DOM): resolves with the finished record. */
export async function recordCall(handle: CallHandle, connectionId: number, revision: string | undefined): Promise<CallRecord | undefined> {
  let record: CallRecord | undefined;
  const off = handle.subscribe((event) => {
    if (!isCallEvent(event)) return;
    if (event.type === "callStarted") record = openRecord(event, connectionId, revision);
    else if (record) record = addEvent(record, event);
  });
  try {
    await handle.outcome;
  } finally {
    off();
  }
  return record;
}
