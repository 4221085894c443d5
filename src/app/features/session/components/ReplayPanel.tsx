import { useController, useLiveConnection, useRecording } from "../../../session/context";
import { closeRecording, startReplay } from "../recording";
import { DiffView } from "./DiffView";

/** "Replay against this server" and, as each call comes back, how it differs from the recording. */
export function ReplayPanel() {
  const live = useController();
  const replay = useRecording((s) => s.replay);
  const count = useRecording((s) => s.loaded?.calls.length ?? 0);
  const status = useLiveConnection((s) => s.status);
  const server = useLiveConnection((s) => s.serverInfo);
  const differing = replay.diffs.filter((d) => !d.same).length;
  return (
    <section className="replay-panel" aria-label="Replay">
      <header className="replay-head">
        <strong>Recorded session, read-only</strong>
        <span className="muted">{count} call(s)</span>
        <button type="button" disabled={status !== "connected" || replay.status === "running"} onClick={() => void startReplay(live)}>
          Replay against this server
        </button>
        <button type="button" className="secondary" onClick={closeRecording}>
          Close recording
        </button>
      </header>
      <p className="muted">
        {status === "connected"
          ? `Replays each recorded call on the current connection (${server ? `${server.name} ${server.version}` : "connected"}), answering every question with the recorded answer for its round.`
          : "Connect to a server in the bar above to replay against it."}
      </p>
      {replay.status === "running" && <p className="muted">Replaying… {replay.diffs.length} of the calls done.</p>}
      {replay.error && <p className="field-error">{replay.error}</p>}
      {(replay.status === "done" || replay.diffs.length > 0) && (
        <section className="replay-report" aria-label="Replay report">
          <p data-testid="replay-summary" className={differing ? "bad" : "ok"}>
            {differing === 0 ? `All ${replay.diffs.length} replayed call(s) behave as recorded.` : `${differing} of ${replay.diffs.length} replayed call(s) differ from the recording.`}
          </p>
          {replay.diffs.map((d) => (
            <DiffView key={d.recordedCallId} diff={d} />
          ))}
        </section>
      )}
    </section>
  );
}
