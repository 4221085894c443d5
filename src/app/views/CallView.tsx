import { lazy } from "react";
import type { CallRecord } from "../../core/recording";
import { LazyPart } from "../components/ui/LazyPart";
import { useCalls, useController, useInputs, useSession, useStep } from "../session/context";
import { ErrorView } from "../components/ui/ErrorView";
import { HeldRetryPanel, QuestionCard } from "./questionCards";
import { ServerCompleted } from "../features/input/components/ServerCompleted";
import { CallNotifications } from "../features/notifications/components/CallNotifications";
import { ResultView } from "../features/call/components/ResultView";
import { uiActions } from "../stores/uiStore";

// A call that became a task shows its card: a chunk of its own, fetched ahead with the forms once connected.
const TaskCard = lazy(() => import("../features/tasks/TaskCard").then((m) => ({ default: m.TaskCard })));
const isTask = (call: CallRecord): boolean => call.events.some((e) => e.type === "taskCreated");
// Tasks this client ran for the server during the call (client-side tasks): their own card.
const ClientTaskCard = lazy(() => import("../features/tasks/ClientTaskCard").then((m) => ({ default: m.ClientTaskCard })));
const hasClientTask = (call: CallRecord): boolean => call.events.some((e) => e.type === "clientTask");

/**
 * Questions the server asked outside any call (on its own stream, or naming no request while no
 * call runs; roots/list right after initialize is the usual one), then the selected call.
 */
export function CallView() {
  const pending = useInputs((s) => s.pending);
  const loose = pending.filter((p) => p.callId === undefined);
  return (
    <>
      {loose.length > 0 && (
        <section className="call-view" aria-label="Asked outside any call" data-testid="loose-questions">
          <header className="call-head">
            <strong>Asked outside any call</strong>
          </header>
          <p className="muted">The server sent {loose.length === 1 ? "this request" : "these requests"} tied to no call. The answer goes back to the server all the same.</p>
          <LazyPart what="The question" fallback={<p className="muted">Loading the question…</p>}>
            {loose.map((p) => (
              <QuestionCard key={p.id} input={p} />
            ))}
          </LazyPart>
        </section>
      )}
      <SelectedCall />
    </>
  );
}

/** The selected call as it runs: its pending questions, held retries, then its result or error. */
function SelectedCall() {
  const controller = useController();
  // Cancel and Run again act on the live session; a recording shown read-only offers neither.
  const live = useSession() === controller.session;
  const selected = useCalls((s) => s.selected);
  const call = useCalls((s) => (s.selected ? s.calls[s.selected] : undefined));
  const pending = useInputs((s) => s.pending);
  const held = useStep((s) => s.held);
  if (!call || !selected) return null;
  const mine = pending.filter((p) => p.callId === selected);
  const myHeld = held.filter((h) => h.draft.callId === selected);
  return (
    <section className="call-view" aria-label="Call" data-testid="call-view" data-status={call.status}>
      <header className="call-head">
        <strong>
          {call.method} <code>{call.target}</code>
        </strong>
        <span className={`badge status-${call.status}`} data-testid="call-status">
          {call.status}
        </span>
        {call.revision && <span className="badge">{call.revision}</span>}
        {live && call.status === "running" && (
          <button type="button" onClick={() => controller.cancel(call.callId)}>
            Cancel call
          </button>
        )}
        {live && call.status === "failed" && (
          <button type="button" onClick={() => void controller.rerun(call.callId)} title="The same call with the same arguments, from round 1">
            Run again
          </button>
        )}
      </header>
      <CallNotifications call={call} />
      <ServerCompleted call={call} />
      {isTask(call) && (
        <LazyPart what="The task card">
          <TaskCard call={call} />
        </LazyPart>
      )}
      {hasClientTask(call) && (
        <LazyPart what="The client-side task card">
          <ClientTaskCard call={call} />
        </LazyPart>
      )}
      <LazyPart what="The question" fallback={<p className="muted">Loading the question…</p>}>
        {mine.map((p) => (
          <QuestionCard key={p.id} input={p} />
        ))}
        {myHeld.map((h) => (
          <HeldRetryPanel key={h.id} held={h} />
        ))}
      </LazyPart>
      {call.status === "running" && mine.length === 0 && myHeld.length === 0 && <p className="muted">Waiting for the server…</p>}
      {call.result && <ResultView result={call.result} {...(live ? { onOpenResource: (uri: string) => uiActions.select({ kind: "resource", uri }, "resources") } : {})} />}
      {call.error && <ErrorView error={call.error} />}
    </section>
  );
}
