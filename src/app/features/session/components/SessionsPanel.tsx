import { useState, type ReactNode } from "react";
import { useStore } from "zustand";
import { REVISIONS_NEWEST_FIRST, type Revision } from "../../../../core";
import { useConnection, useController, useUi } from "../../../session/context";
import { selectionKey } from "../../../stores/uiStore";
import { DiffView } from "./DiffView";
import { closeSideSession, MAX_SIDE_SESSIONS, openSideSession, runOnBoth, useSessions, type SideSession } from "../../../session/sessions";

type RenderSide = (side: SideSession) => ReactNode;

function SideRow({ side, renderSide }: { side: SideSession; renderSide: RenderSide | undefined }) {
  const [shown, setShown] = useState(false);
  const connection = side.controller.session.connection;
  const status = useStore(connection, (s) => s.status);
  const revision = useStore(connection, (s) => s.revision);
  const chosen = useStore(connection, (s) => s.settings.revision);
  const calls = useStore(side.controller.session.calls, (s) => s.order.length);
  const frames = useStore(side.controller.session.wire, (s) => s.entries.length);
  return (
    <li className="side-session" aria-label={`Session ${side.id}`}>
      <strong>Session {side.id}</strong>
      <select aria-label={`Session ${side.id} revision`} value={chosen} onChange={(e) => void side.controller.connect({ revision: e.target.value as "auto" | Revision })}>
        <option value="auto">auto</option>
        {REVISIONS_NEWEST_FIRST.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <span data-testid={`session-${side.id}-status`}>{status}</span>
      {revision && <span className="badge">{revision}</span>}
      <span className="muted">
        {calls} call(s), {frames} frame(s)
      </span>
      {renderSide && (
        <button type="button" className="link" aria-expanded={shown} onClick={() => setShown(!shown)}>
          {shown ? "Hide" : "Show"} its frames and rounds
        </button>
      )}
      <button type="button" className="link" aria-label={`Close session ${side.id}`} onClick={() => void closeSideSession(side.id)}>
        ×
      </button>
      {shown && renderSide && <div className="side-session-views">{renderSide(side)}</div>}
    </li>
  );
}

/**
 * Sessions beside the live one, each with its own connection and revision, and "Run on both": the
 * selected tool with its current arguments on the live session (answered by the user), then on the
 * other session with the same answers, and the per-round difference between the two.
 */
export default function SessionsPanel({ renderSide }: { renderSide?: RenderSide } = {}) {
  const live = useController();
  const sessions = useSessions((s) => s.sessions);
  const run = useSessions((s) => s.run);
  const liveRevision = useConnection((s) => s.revision);
  const connected = useConnection((s) => s.status === "connected");
  const selection = useUi((s) => s.selection);
  const drafts = useUi((s) => s.drafts);
  const other = sessions[sessions.length - 1];
  const otherRevision = REVISIONS_NEWEST_FIRST.find((r) => r !== liveRevision) ?? "auto";
  const canRun = connected && selection?.kind === "tool" && other !== undefined && run.status !== "running";

  return (
    <section className="sessions-panel" aria-label="Sessions">
      <div className="sessions-head">
        <span>
          <strong>Session 1</strong> (this page's) {liveRevision && <span className="badge">{liveRevision}</span>}
        </span>
        <button type="button" className="secondary" disabled={sessions.length >= MAX_SIDE_SESSIONS} onClick={() => openSideSession(live, otherRevision)}>
          + Session
        </button>
        {other && (
          <button
            type="button"
            disabled={!canRun}
            title="The selected tool on session 1 (you answer), then on the other session with the same answers; then the difference per round"
            onClick={() => {
              if (selection?.kind !== "tool" || !other) return;
              const args = (drafts[selectionKey(selection)] as Record<string, unknown> | undefined) ?? {};
              void runOnBoth(live, other.id, "tools/call", { name: selection.name, arguments: args });
            }}
          >
            Run on both
          </button>
        )}
      </div>
      {sessions.length > 0 && (
        <ul className="side-sessions">
          {sessions.map((s) => (
            <SideRow key={s.id} side={s} renderSide={renderSide} />
          ))}
        </ul>
      )}
      {run.status === "running" && <p className="muted">Running on session 1, then on session {run.against}…</p>}
      {run.status === "failed" && <p role="alert">Run on both failed: {run.error}</p>}
      {run.status === "done" && (
        <div className="run-on-both" role="region" aria-label="Run on both: difference">
          <p>
            Session 1 ({run.revisions[0] ?? "?"}) against session {run.against} ({run.revisions[1] ?? "?"}):
          </p>
          {run.diffs.map((d, i) => (
            <DiffView key={i} diff={d} />
          ))}
        </div>
      )}
    </section>
  );
}
