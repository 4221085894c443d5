import { useMemo } from "react";
import type { CallRecord } from "../../../model";
import { notificationsOf } from "../utils/callNotifications";

const SHOWN_LOGS = 200;

/** The progress and log messages the server sent about this call (spec "Progress", "Logging"). */
export function CallNotifications({ call }: { call: CallRecord }) {
  const { progress, logs } = useMemo(() => notificationsOf(call.events), [call.events]);
  if (!progress && logs.length === 0) return null;
  const shown = logs.slice(-SHOWN_LOGS);
  return (
    <section className="call-notes" aria-label="Notifications">
      {progress && (
        <div className="progress-line">
          <progress aria-label="Progress" value={progress.progress} {...(progress.total !== undefined ? { max: progress.total } : {})} />
          <span data-testid="progress-text">
            {progress.progress}
            {progress.total !== undefined ? ` / ${progress.total}` : ""}
            {progress.message ? ` · ${progress.message}` : ""}
          </span>
        </div>
      )}
      {logs.length > 0 && (
        <details className="log-lines" open>
          <summary>Log messages ({logs.length})</summary>
          {logs.length > SHOWN_LOGS && <p className="muted">The last {SHOWN_LOGS} are shown.</p>}
          <ol aria-label="Log messages">
            {shown.map((l, i) => (
              <li key={i} className={`log-line log-${l.level}`}>
                <span className="badge">{l.level}</span> {l.logger && <code className="muted">{l.logger}</code>} <span className="server-text">{l.text}</span>
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}
