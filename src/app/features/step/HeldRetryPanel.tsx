import { useId, useMemo, useRef, useState } from "react";
import { useQuestionFocus } from "../../lib/focusQuestion";
import { useSession } from "../../session/context";
import { JsonPreview } from "../../components/ui/JsonPreview";
import type { HeldRetry } from "./stepStore";
import { buildRetry, initialEdits, type RetryEdits } from "./retryEdits";

/** Step mode: the held retry, open to edits of its answers and its token, then sent or abandoned. */
export function HeldRetryPanel({ held }: { held: HeldRetry }) {
  const session = useSession();
  const { draft } = held;
  const [edits, setEdits] = useState<RetryEdits>(() => initialEdits(draft));
  const built = useMemo(() => buildRetry(draft, edits), [draft, edits]);
  const ids = { responses: useId(), token: useId(), error: useId() };
  // A task's answers (2026-07-28) go with tasks/update, not in a retry of the call, and carry no token.
  const task = draft.taskId;
  const modern = draft.era === "modern" && task === undefined;
  const multiline = /[\r\n]/.test(edits.token);
  const patch = (p: Partial<RetryEdits>): void => setEdits((e) => ({ ...e, ...p }));
  const ref = useRef<HTMLElement>(null);
  useQuestionFocus(ref);
  return (
    <article ref={ref} tabIndex={-1} className="held-retry" aria-label="Held retry">
      <header>
        <strong>{modern ? "Retry held" : "Answer held"}</strong> <span className="badge">round {draft.round}</span>
        <span className="badge era">{task !== undefined ? `goes with tasks/update to task ${task}` : modern ? "goes as a retry" : "answers a live server request"}</span>
        <code>{draft.method}</code>
      </header>
      <div className="held-params">
        <span className="muted">params</span> <JsonPreview value={draft.params} label="Retry params" />
      </div>
      <label htmlFor={ids.responses} className="field">
        Input responses (JSON)
      </label>
      <textarea
        id={ids.responses}
        rows={Math.min(14, edits.responsesText.split("\n").length + 1)}
        spellCheck={false}
        value={edits.responsesText}
        aria-invalid={!built.ok}
        aria-describedby={built.ok ? undefined : ids.error}
        onChange={(e) => patch({ responsesText: e.target.value })}
      />
      {!built.ok && (
        <p id={ids.error} className="field-error" role="alert">
          Not sent: {built.error}
        </p>
      )}
      {built.ok && (built.missingKeys.length > 0 || built.extraKeys.length > 0) && (
        <p className="warn">
          {built.missingKeys.length > 0 && `No answer for: ${built.missingKeys.join(", ")}. `}
          {built.extraKeys.length > 0 && `Keys the server did not ask: ${built.extraKeys.join(", ")}.`}
        </p>
      )}
      {modern && (
        <div className="held-token">
          <label htmlFor={ids.token} className="field">
            Request state
          </label>
          {multiline ? (
            <textarea id={ids.token} spellCheck={false} disabled={edits.removeToken} value={edits.token} onChange={(e) => patch({ token: e.target.value, tokenTouched: true })} />
          ) : (
            <input
              id={ids.token}
              className="token-input"
              spellCheck={false}
              autoComplete="off"
              disabled={edits.removeToken}
              placeholder={draft.requestState === undefined ? "none: the server sent no requestState" : undefined}
              value={edits.token}
              onChange={(e) => patch({ token: e.target.value, tokenTouched: true })}
            />
          )}
          <label className="field inline">
            <input type="checkbox" checked={edits.removeToken} disabled={draft.requestState === undefined} onChange={(e) => patch({ removeToken: e.target.checked })} />
            remove token (send none)
          </label>
          {built.ok && built.token === "edited" && <p className="warn token-note">edited — the server should refuse it with -32602</p>}
          {built.ok && built.token === "removed" && <p className="warn token-note">removed — the retry carries no requestState, so the server sees a fresh call or refuses it</p>}
          {built.ok && built.token === "added" && <p className="warn token-note">added — the server sent no token; a retry must not invent one</p>}
        </div>
      )}
      {built.ok && built.responsesEdited && <p className="muted">answers edited</p>}
      <div className="actions">
        <button type="button" disabled={!built.ok} onClick={() => built.ok && session.step.send(held.id, built.draft)}>
          {modern ? "Send retry" : task !== undefined ? "Send with tasks/update" : "Send answer"}
        </button>
        <button type="button" className="secondary" onClick={() => session.step.abort(held.id)}>
          Abandon call
        </button>
      </div>
    </article>
  );
}
