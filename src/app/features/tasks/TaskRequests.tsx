import { useMemo } from "react";
import type { CallRecord } from "../../../core/recording";
import { ServerText } from "../../components/ui/ServerText";
import { taskOf, taskRequests } from "./taskView";
import "./tasks.css";

/** In the rounds panel: the requests a call made once it became a task; nothing for an ordinary call. */
export function TaskRequests({ call }: { call: CallRecord }) {
  const task = useMemo(() => taskOf(call), [call]);
  if (!task) return null;
  return (
    <div className="task-requests" data-testid="task-requests">
      <strong>
        Task <code>{task.taskId}</code>
      </strong>
      <ul aria-label="Task requests">
        {taskRequests(task).map((line) => (
          <li key={line.method}>
            <code>{line.method}</code> ×{line.count} <span className="muted">— <ServerText text={line.note} /></span>
          </li>
        ))}
      </ul>
    </div>
  );
}
