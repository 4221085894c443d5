import { InspectorProvider, useInspector } from "../../../lib/context";
import type { Inspector } from "../../../lib/inspector";
import { CallHistory } from "../../call/components/CallHistory";
import { CallView } from "../../call/components/CallView";
import { RoundsTimeline } from "../../rounds/components/RoundsTimeline";
import { WireLog } from "../../wire/components/WireLog";
import { useSession } from "../store/sessionStore";
import { ReplayPanel } from "./ReplayPanel";

/**
 * An imported session, read-only: its calls, rounds and frames in the usual views, fed by a viewer
 * inspector that never connects. The replay runs on the live inspector, passed down explicitly.
 */
export function RecordingView({ viewer }: { viewer: Inspector }) {
  const live = useInspector();
  const file = useSession((s) => s.loaded?.file);
  const name = useSession((s) => s.fileName);
  if (!file) return null;
  const server = file.connection.serverInfo;
  return (
    <InspectorProvider inspector={viewer}>
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
          <ReplayPanel live={live} />
          <CallView />
        </section>
        <aside className="timeline">
          <RoundsTimeline />
        </aside>
      </main>
      <WireLog />
    </InspectorProvider>
  );
}
