/**
 * What the client-side task card shows, read from one call's recorded `clientTask` events: each task
 * the client ran for the server during the call (its question, status now, what the server asked of it).
 * Pure: a live call and a recording read alike.
 */
import type { ClientTaskEvent, TaskStatus } from "../../../core";
import type { CallRecord } from "../../../core/recording";

export interface ClientTaskView {
  taskId: string;
  method: string;
  status: TaskStatus;
  statusMessage: string | undefined;
  createdAt: number;
  /** How often the server asked with each tasks/* request. */
  served: Record<string, number>;
  /** When it reached a terminal status, if it did. */
  endedAt: number | undefined;
}

/** The client-side tasks of a call, in the order they were created. */
export function clientTasksOf(call: CallRecord): ClientTaskView[] {
  const byId = new Map<string, ClientTaskView>();
  for (const e of call.events) {
    if (e.type !== "clientTask") continue;
    const event = e as ClientTaskEvent;
    let view = byId.get(event.taskId);
    if (!view) {
      view = { taskId: event.taskId, method: event.method, status: event.status, statusMessage: event.statusMessage, createdAt: event.at, served: {}, endedAt: undefined };
      byId.set(event.taskId, view);
    }
    view.status = event.status;
    view.statusMessage = event.statusMessage;
    if (event.step.startsWith("tasks/")) view.served[event.step] = (view.served[event.step] ?? 0) + 1;
    if (event.step === "status" && view.endedAt === undefined) view.endedAt = event.at;
  }
  return [...byId.values()];
}

/** "tasks/get ×3, tasks/result ×1": what the server asked, in words. */
export function servedText(served: Record<string, number>): string {
  const parts = Object.entries(served).map(([method, n]) => `${method} ×${n}`);
  return parts.length === 0 ? "not polled yet" : parts.join(", ");
}
