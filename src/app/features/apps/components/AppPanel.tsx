import { buildAppCsp } from "../../../../core/apps";
import type { AppInstance, AppNote } from "../appsStore";

const NOTE_LABEL: Record<AppNote["kind"], string> = {
  message: "message for the chat (ui/message)",
  modelContext: "context for the model (ui/update-model-context)",
  log: "log (notifications/message)",
};

/** The text of what an app said: its text blocks, else the JSON (always as text, never as HTML). */
function noteText(note: AppNote): string {
  const p = note.params;
  const blocks = Array.isArray(p.content) ? p.content : p.content !== undefined ? [p.content] : [];
  const texts = blocks.flatMap((b) => (typeof b === "object" && b !== null && (b as { type?: unknown }).type === "text" ? [String((b as { text?: unknown }).text)] : []));
  const text = texts.length > 0 ? texts.join("\n") : note.kind === "log" ? JSON.stringify(p.data ?? p) : JSON.stringify(p);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

function Origins({ label, list, none }: { label: string; list: string[]; none: string }) {
  return (
    <li>
      {label}: {list.length === 0 ? <span className="muted">{none}</span> : list.map((o) => <code key={o}>{o} </code>)}
    </li>
  );
}

/** What the app is and may do: its declared CSP and permissions, the policy built from them, what was refused and what it said. */
export function AppPanel({ app }: { app: AppInstance }) {
  const policy = app.policy;
  return (
    <details className="app-panel" data-testid="app-panel" open={app.refusals.length > 0 || app.notes.length > 0}>
      <summary>
        Sandbox and messages
        {app.refusals.length > 0 && (
          <span className="badge bad" data-testid="app-refusal-count">
            {app.refusals.length} refused or contained
          </span>
        )}
        {app.notes.length > 0 && <span className="badge">{app.notes.length} from the app</span>}
      </summary>
      {app.appInfo && (
        <p>
          The app says it is <code>{app.appInfo.name}</code> {app.appInfo.version}.
        </p>
      )}
      {policy && (
        <>
          <h4>Declared by its resource</h4>
          <ul className="app-declared">
            <Origins label="network (connect-src)" list={policy.csp.connectDomains} none="none: no network" />
            <Origins label="scripts, styles, images, fonts, media" list={policy.csp.resourceDomains} none="none: inline and data: only" />
            <Origins label="nested frames (frame-src)" list={policy.csp.frameDomains} none="none" />
            <Origins label="base URIs" list={policy.csp.baseUriDomains} none="its own" />
            <li>
              permissions: {policy.permissions.length === 0 ? <span className="muted">none</span> : policy.permissions.join(", ")}
            </li>
            {app.domain && (
              <li>
                dedicated domain <code>{app.domain}</code>: <span className="muted">not used (this host has one sandbox origin)</span>
              </li>
            )}
          </ul>
          {policy.refused.length > 0 && (
            <>
              <h4>Declarations not passed on</h4>
              <ul>
                {policy.refused.map((r, i) => (
                  <li key={i}>
                    <code>{r.field}</code> <code>{JSON.stringify(r.value)?.slice(0, 200)}</code>: {r.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
          <h4>Policy it runs under</h4>
          <code className="app-csp" data-testid="app-csp">
            {buildAppCsp(policy.csp)}
          </code>
          <p className="muted">Inner frame sandbox: allow-scripts allow-forms (no same origin, no top navigation, no popups).</p>
        </>
      )}
      {app.refusals.length > 0 && (
        <>
          <h4>Refused or contained</h4>
          <ul className="app-refusals" data-testid="app-refusals">
            {app.refusals.map((r, i) => (
              <li key={i} data-kind={r.kind}>
                <span className="badge bad">{r.kind}</span> {r.method && <code>{r.method}</code>} {r.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      {app.notes.length > 0 && (
        <>
          <h4>What the app said (there is no model here, so it is shown)</h4>
          <ul className="app-notes" data-testid="app-notes">
            {app.notes.map((n, i) => (
              <li key={i} data-kind={n.kind}>
                <span className="badge">{NOTE_LABEL[n.kind]}</span> <span className="app-note-text">{noteText(n)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </details>
  );
}
