import { SessionProvider, useRecording } from "../session/context";
import type { Session } from "../session/session";
import { CallHistory } from "../features/call/components/CallHistory";
import { CallView } from "./CallView";
import { RoundsTimeline } from "./RoundsTimeline";
import { WireLog } from "../features/wire/components/WireLog";
import { ReplayPanel } from "../features/session/components/ReplayPanel";

/**
 * An imported session, read-only: its calls, rounds and frames in the usual views, which read the
 * recording's own session (made like the live one, never connected). The replay runs on the live
 * controller, which the views below still reach through useController().
 */
export function RecordingView({ viewer }: { viewer: Session }) {
  const file = useRecording((s) => s.loaded?.file);
  const name = useRecording((s) => s.fileName);
  if (!file) return null;
  const server = file.connection.serverInfo;
  return (
    <SessionProvider session={viewer}>
      <main className="workspace recording" aria-label="Recording">
        <aside className="sidebar">
          <section className="recording-info" aria-label="Recording details">
            <h2>Recording</h2>
            <p>
              <code>{name}</code>
            </p>
            <p className="muted">
              Exported {file.exportedAt} from {server ? `${server.name} ${server.version}` : "an unknown server"}
              {file.connection.revision ? ` on ${file.connection.revision}` : ""}; tokens {file.tokens}.
            </p>
          </section>
          <CallHistory />
        </aside>
        <section className="center">
          <ReplayPanel />
          <CallView />
        </section>
        <aside className="timeline">
          <RoundsTimeline />
        </aside>
      </main>
      <WireLog />
    </SessionProvider>
  );
}
