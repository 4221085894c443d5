import { lazy, Suspense } from "react";
import { ConnectionBar } from "./features/connection/components/ConnectionBar";
import { Catalog } from "./features/catalog/Catalog";
import { ItemPanel } from "./features/call/components/ItemPanel";
import { CallView } from "./features/call/components/CallView";
import { CallHistory } from "./features/call/components/CallHistory";
import { WireLog } from "./features/wire/components/WireLog";
import { ConnectPrompt } from "./features/links/components/ConnectPrompt";
import { LinkProblems } from "./features/links/components/LinkProblems";
import { CommandPalette } from "./features/palette/CommandPalette";
import { QaPanel } from "./features/qa/components/QaPanel";
import { QaToolbar } from "./features/qa/components/QaToolbar";
import { MainSplit, WorkspaceColumns } from "./features/layout/Panels";
import { usePresent, useRecording } from "./lib/context";
import "./features/qa/qa.css";

// Not in the first view: the rounds of a call (fetched ahead once connected, with the forms), an
// opened recording, presentation mode.
const RoundsTimeline = lazy(() => import("./features/rounds/components/RoundsTimeline").then((m) => ({ default: m.RoundsTimeline })));
const RecordingView = lazy(() => import("./features/session/components/RecordingView").then((m) => ({ default: m.RecordingView })));
const PresentView = lazy(() => import("./features/present/components/PresentView").then((m) => ({ default: m.PresentView })));

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
      rounds={
        <Suspense fallback={<h3>Rounds</h3>}>
          <RoundsTimeline />
        </Suspense>
      }
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
  const main = viewer ? (
    <Suspense fallback={<p className="muted panel-empty">Opening the recording…</p>}>
      <RecordingView viewer={viewer} />
    </Suspense>
  ) : present ? (
    <Suspense fallback={null}>
      <PresentView />
    </Suspense>
  ) : (
    <Workspace />
  );
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
