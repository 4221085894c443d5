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
import { MainSplit, WorkspaceColumns } from "./features/layout/Panels";
import { usePresent, useRecording } from "./lib/context";
import "./features/qa/qa.css";

function Workspace() {
  return (
    <WorkspaceColumns
      sidebar={
        <>
          <Catalog />
          <CallHistory />
          <QaPanel />
        </>
      }
      center={
        <>
          <ItemPanel />
          <CallView />
        </>
      }
      rounds={<RoundsTimeline />}
    />
  );
}

/**
 * Layout only: every piece reads its own store slice. The workspace and the wire log share the page
 * below the connection bar in resizable, collapsible panels (features/layout). An imported recording
 * or presentation mode replaces the workspace.
 */
export function App() {
  const present = usePresent((s) => s.on);
  const viewer = useRecording((s) => s.viewer);
  const main = viewer ? <RecordingView viewer={viewer} /> : present ? <PresentView /> : <Workspace />;
  return (
    <div className={`app${present ? " is-present" : ""}`}>
      <div className="app-top">
        {!present && <ConnectionBar />}
        <QaToolbar />
        <ConnectPrompt />
        <LinkProblems />
      </div>
      <MainSplit main={main} wire={!viewer && !present ? (p) => <WireLog {...p} /> : undefined} />
      <CommandPalette />
    </div>
  );
}
