import { ConnectionBar } from "./features/connection/components/ConnectionBar";
import { Catalog } from "./features/catalog/Catalog";
import { ItemPanel } from "./features/call/components/ItemPanel";
import { CallView } from "./features/call/components/CallView";
import { CallHistory } from "./features/call/components/CallHistory";
import { RoundsTimeline } from "./features/rounds/components/RoundsTimeline";
import { WireLog } from "./features/wire/components/WireLog";
import { ConnectPrompt } from "./features/links/components/ConnectPrompt";
import { LinkProblems } from "./features/links/components/LinkProblems";
import { CommandPalette } from "./features/palette/CommandPalette";
import { PresentView } from "./features/present/components/PresentView";
import { QaPanel } from "./features/qa/components/QaPanel";
import { QaToolbar } from "./features/qa/components/QaToolbar";
import { RecordingView } from "./features/session/components/RecordingView";
import { usePresent, useRecording } from "./lib/context";
import "./features/qa/qa.css";

function Workspace() {
  return (
    <main className="workspace">
      <aside className="sidebar">
        <Catalog />
        <CallHistory />
        <QaPanel />
      </aside>
      <section className="center">
        <ItemPanel />
        <CallView />
      </section>
      <aside className="timeline">
        <RoundsTimeline />
      </aside>
    </main>
  );
}

/** Layout only: every piece reads its own store slice. An imported recording or presentation mode replaces the workspace. */
export function App() {
  const present = usePresent((s) => s.on);
  const viewer = useRecording((s) => s.viewer);
  return (
    <div className={`app${present ? " is-present" : ""}`}>
      <div className="app-top">
        {!present && <ConnectionBar />}
        <QaToolbar />
        <ConnectPrompt />
        <LinkProblems />
      </div>
      {viewer ? <RecordingView viewer={viewer} /> : present ? <PresentView /> : <Workspace />}
      {!viewer && !present && <WireLog />}
      <CommandPalette />
    </div>
  );
}
