import { useCalls, useController, useInputs } from "../../../lib/context";
import type { AppInstance } from "../appsStore";

/** The calls the app started itself, each one click from its view (questions, rounds, result). */
export function AppCalls({ app }: { app: AppInstance }) {
  const controller = useController();
  const calls = useCalls((s) => s.calls);
  const selected = useCalls((s) => s.selected);
  const waiting = useInputs((s) => s.pending);
  if (app.calls.length === 0) return null;
  return (
    <details className="app-calls" open>
      <summary>Calls from this app ({app.calls.length})</summary>
      <ol>
        {app.calls.map((id) => {
          const call = calls[id];
          if (!call) return null;
          const asks = waiting.filter((p) => p.callId === id).length;
          return (
            <li key={id} data-testid="app-call">
              <span className={`dot status-${call.status}`} /> {call.method} <code>{call.target}</code> <span className="badge">{call.status}</span>
              {asks > 0 && <span className="badge warn">{asks === 1 ? "a question waits for you" : `${asks} questions wait for you`}</span>}
              {selected !== id && (
                <button type="button" className="link" onClick={() => controller.session.calls.select(id)}>
                  Show call
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
