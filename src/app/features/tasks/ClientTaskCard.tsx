import { useMemo } from "react";
import type { CallRecord } from "../../../core/recording";
import { ServerText } from "../../components/ui/ServerText";
import { clientTasksOf, servedText } from "./clientTaskView";
import { sinceCreated } from "./taskView";
import "./tasks.css";

function statusLabel(status: string): string {
  return status.replace("_", " ");
}

/**
 * Tasks this client runs for the server during a call (2025-11-25 client-side tasks): the server asked
 * a question as a task, got the task at once and polls it; the question below waits for the user's
 * answer, which completes the task. Nothing for a call without one.
 */
export function ClientTaskCard({ call }: { call: CallRecord }) {
  const tasks = useMemo(() => clientTasksOf(call), [call]);
  if (tasks.length === 0) return null;
  return (
    <section className="task-card" aria-label="Client-side tasks" data-testid="client-task-card">
      <header>
        <strong>Client-side {tasks.length === 1 ? "task" : "tasks"}</strong>
        <span className="muted"> the server asked as a task and polls this client; answer the question when you like</span>
      </header>
      <ul className="task-answers">
        {tasks.map((t) => (
          <li key={t.taskId} data-testid="client-task" data-status={t.status}>
            <code>{t.taskId}</code> {t.method}{" "}
            <span className={`badge task-status-${t.status}`} data-testid="client-task-status">
              {statusLabel(t.status)}
            </span>{" "}
            {t.statusMessage !== undefined && (
              <span className="muted">
                <ServerText text={t.statusMessage} />{" "}
              </span>
            )}
            <span className="muted" data-testid="client-task-served">
              served: {servedText(t.served)}
              {t.endedAt !== undefined && `; ended ${sinceCreated(t.endedAt, t.createdAt)}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
