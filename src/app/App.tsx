import { lazy } from "react";
import { ConnectionBar } from "./features/connection/components/ConnectionBar";
import { Catalog } from "./features/catalog/Catalog";
import { LazyCallHistory, LazyCallView, LazyItemPanel, LazyRounds } from "./features/call/components/LazyParts";
import { WireLog } from "./features/wire/components/WireLog";
import { ConnectPrompt } from "./features/links/components/ConnectPrompt";
import { LinkProblems } from "./features/links/components/LinkProblems";
import { CommandPalette } from "./features/palette/CommandPalette";
import { QaPanel } from "./features/qa/components/QaPanel";
import { QaToolbar } from "./features/qa/components/QaToolbar";
import { MainSplit, WorkspaceColumns } from "./features/layout/Panels";
import { useCalls, usePresent, useRecording } from "./lib/context";
import { LazyPart } from "./components/ui/LazyPart";
import "./features/qa/qa.css";

// Not in the first view: an opened recording, presentation mode (the rounds of a call: LazyParts.tsx).
const RecordingView = lazy(() => import("./features/session/components/RecordingView").then((m) => ({ default: m.RecordingView })));
const PresentView = lazy(() => import("./features/present/components/PresentView").then((m) => ({ default: m.PresentView })));

function Workspace() {
  // No call is made or selected in the first view: the call view's and history's code come with the first.
  const callSelected = useCalls((s) => s.selected !== undefined);
  const anyCall = useCalls((s) => s.order.length > 0);
  return (
    <WorkspaceColumns
      sidebar={
        <>
          <Catalog />
          {anyCall && <LazyCallHistory />}
          <QaPanel />
        </>
      }
      center={
        <>
          <LazyItemPanel />
          {callSelected && <LazyCallView />}
        </>
      }
      rounds={
        <LazyRounds />
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
    <LazyPart what="The recording view" fallback={<p className="muted panel-empty">Opening the recording…</p>}>
      <RecordingView viewer={viewer} />
    </LazyPart>
  ) : present ? (
    <LazyPart what="Presentation mode">
      <PresentView />
    </LazyPart>
  ) : (
    <Workspace />
  );
  return (
    <div className={`app${present ? " is-present" : ""}`}>
      <header className="app-top">
        {!present && <ConnectionBar />}
        <QaToolbar />
        <ConnectPrompt />
        <LinkProblems />
      </header>
      <MainSplit main={main} wire={!viewer && !present ? (p) => <WireLog {...p} /> : undefined} />
      <CommandPalette />
    </div>
  );
}
