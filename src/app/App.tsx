import { lazy, startTransition, useEffect, useState } from "react";
import { ConnectionBar } from "./views/ConnectionBar";
import { Catalog } from "./features/catalog/Catalog";
import { LazyCallHistory, LazyCallView, LazyDestructiveConfirm, LazyItemPanel, LazyRounds } from "./views/LazyParts";
import { LazyBottomPanel } from "./views/LazyBottomPanel";
import { ConnectPrompt } from "./features/links/components/ConnectPrompt";
import { LazyReopenPrompt } from "./features/connection/servers/components/LazyReopenPrompt";
import { LinkProblems } from "./features/links/components/LinkProblems";
import { CommandPalette } from "./features/palette/CommandPalette";
import { SessionsBar } from "./features/session/components/SessionsBar";
import { QaPanel } from "./views/QaPanel";
import { QaToolbar } from "./views/QaToolbar";
import { MainSplit, WorkspaceColumns } from "./features/layout/Panels";
import { useCalls, useInputs, usePresent, useRecording, useStep } from "./session/context";
import { LazyPart } from "./components/ui/LazyPart";
import { LazyApps } from "./features/apps/LazyApps";
import "./views/qa.css";

// Not in the first view: an opened recording, presentation mode (the rounds of a call: LazyParts.tsx).
const RecordingView = lazy(() => import("./views/RecordingView").then((m) => ({ default: m.RecordingView })));
// A side session's own frames and rounds, when the user shows them (features/session's panel).
const SideSessionView = lazy(() => import("./views/SideSessionView"));
const PresentView = lazy(() => import("./views/PresentView").then((m) => ({ default: m.PresentView })));

function Workspace() {
  // No call is made or selected in the first view: the call view's and history's code come with the first.
  const callSelected = useCalls((s) => s.selected !== undefined);
  // A question tied to no call (the server asked on its own stream) is shown by the call view too.
  const looseQuestion = useInputs((s) => s.pending.some((p) => p.callId === undefined));
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
          <SessionsBar
            renderSide={(side) => (
              <LazyPart what="The session's views">
                <SideSessionView side={side} />
              </LazyPart>
            )}
          />
          <LazyItemPanel />
          {(callSelected || looseQuestion) && <LazyCallView />}
          <LazyApps />
        </>
      }
      rounds={
        <LazyRounds />
      }
    />
  );
}

/**
 * Whether the rest of the first view may render: false in the very first commit, which draws the
 * page's frame and the connection bar, true in a transition right after it. The first commit is what
 * the user waits on (the connection bar says "connected"); the catalog, the workspace and the wire
 * log (most of the first view's elements, and its functions' first compile) follow in a render of
 * their own, which React may split to keep the page responsive.
 */
function useRestOfFirstView(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready;
}

/**
 * Layout only: every piece reads its own store slice. The workspace and the wire log share the page
 * below the connection bar in resizable, collapsible panels (features/layout). An imported recording
 * or presentation mode replaces the workspace.
 */
export function App() {
  const present = usePresent((s) => s.on);
  const viewer = useRecording((s) => s.viewer);
  // A question for the user: the server's (an input card) or step mode's (a held retry to send).
  const asked = useInputs((s) => s.pending.length > 0);
  const held = useStep((s) => s.held.length > 0);
  const questionWaiting = asked || held;
  const rest = useRestOfFirstView();
  const main = !rest ? null : viewer ? (
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
        <LazyReopenPrompt />
        <LinkProblems />
      </header>
      <MainSplit main={main} questionWaiting={questionWaiting} wire={!viewer && !present ? (p) => (rest ? <LazyBottomPanel {...p} /> : null) : undefined} />
      <CommandPalette />
      <LazyDestructiveConfirm />
    </div>
  );
}
