import { useMemo } from "react";
import type { CallRecord } from "../../../core/recording";
import { useController, useSession } from "../../session/context";
import { ServerText } from "../../components/ui/ServerText";
import { answerTravel, pollTiming, sinceCreated, taskOf, travelText, type TaskView } from "./taskView";
import "./tasks.css";

function statusLabel(status: string | undefined): string {
  return status === undefined ? "unknown" : status.replace("_", " ");
}

function Timeline({ task }: { task: TaskView }) {
  return (
    <ol className="task-timeline" aria-label="Task status over time">
      {task.timeline.map((step, i) => (
        <li key={i} data-status={step.status ?? "unknown"}>
          <span className={`badge task-status-${step.status ?? "unknown"}`}>{statusLabel(step.status)}</span>
          <span className="muted">{sinceCreated(step.at, task.createdAt)}</span>
          {step.message !== undefined && (
            <span className="task-message">
              <ServerText text={step.message} />
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

function Polls({ task }: { task: TaskView }) {
  return (
    <details className="task-polls">
      <summary data-testid="task-poll-summary">tasks/get: {pollTiming(task.polls)}</summary>
      <table aria-label="Task polls">
        <thead>
          <tr>
            <th>poll</th>
            <th>at</th>
            <th>round trip</th>
            <th>status</th>
            <th>server asked</th>
            <th>waited</th>
          </tr>
        </thead>
        <tbody>
          {task.polls.map((p) => (
            <tr key={p.poll}>
              <td>{p.poll}</td>
              <td>{sinceCreated(p.at, task.createdAt)}</td>
              <td>{p.ms} ms</td>
              <td>{statusLabel(p.status)}</td>
              <td>{p.serverPollIntervalMs === undefined ? "—" : `${p.serverPollIntervalMs} ms`}</td>
              <td>{p.nextPollInMs} ms</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function Ending({ task }: { task: TaskView }) {
  const { finished, cancelRequested } = task;
  return (
    <>
      {cancelRequested && (
        <p className="muted" data-testid="task-cancel-sent">
          tasks/cancel sent {sinceCreated(cancelRequested.at, task.createdAt)}: <ServerText text={cancelRequested.reason} />
        </p>
      )}
      {finished && (
        <p data-testid="task-finished" className={finished.error ? "field-error" : "muted"}>
          Task ended {statusLabel(finished.status)} after {finished.polls} {finished.polls === 1 ? "poll" : "polls"} and {(finished.ms / 1000).toFixed(1)} s
          {finished.error ? (
            <>
              : <ServerText text={finished.error.message} />
            </>
          ) : (
            "; the result is below."
          )}
        </p>
      )}
    </>
  );
}

/**
 * A call that became a task: its status over time, its polls and their timing, the answers
 * sent and how they travelled, Cancel, and how it ended. Nothing for an ordinary call.
 */
export function TaskCard({ call }: { call: CallRecord }) {
  const controller = useController();
  const live = useSession() === controller.session;
  const task = useMemo(() => taskOf(call), [call]);
  if (!task) return null;
  const running = call.status === "running" && !task.finished;
  return (
    <section className="task-card" aria-label="Task" data-testid="task-card" data-status={task.status ?? "unknown"}>
      <header>
        <strong>Task</strong> <code data-testid="task-id">{task.taskId}</code>
        <span className={`badge task-status-${task.status ?? "unknown"}`} data-testid="task-status">
          {statusLabel(task.status)}
        </span>
        <span className="badge task-travel" title="How this task's answers travel">{travelText(answerTravel(task.era))}</span>
        {task.ttlMs !== null && <span className="badge">TTL {Math.round(task.ttlMs / 1000)} s</span>}
        {live && running && (
          <button type="button" onClick={() => controller.cancel(call.callId)}>
            Cancel task
          </button>
        )}
      </header>
      <Timeline task={task} />
      <Polls task={task} />
      {task.answers.length > 0 && (
        <ul className="task-answers" aria-label="Answers sent to the task">
          {task.answers.map((a) => (
            <li key={String(a.requestId)}>
              <code>{a.keys.join(", ")}</code> {a.travel === "tasks/update" ? `sent with tasks/update (request ${String(a.requestId)})` : "answered on tasks/result"}{" "}
              <span className="muted">{sinceCreated(a.at, task.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
      <Ending task={task} />
    </section>
  );
}
