import { LazyPart } from "../components/ui/LazyPart";
import { chunkComponent } from "../lib/chunkComponent";
import { useCalls, useUi } from "../session/context";
import { useConfirm } from "../session/confirmRun";
import { NoRounds } from "../features/rounds/components/NoRounds";

// The parts of the workspace's centre and sidebar that show nothing in the first view, where no item
// is selected and no call made: each a chunk of its own, fetched ahead once connected (prefetchForms).

// The selected item with its arguments and Run button.
const itemPanel = chunkComponent("ItemPanel", () => import("../features/call/components/ItemPanel"), (m) => m.ItemPanel);
// The selected call's view (its questions, result, notifications, task card) is not in the first
// view, where no call is selected: its chunk is fetched ahead once connected (prefetchForms).
const callView = chunkComponent("CallView", () => import("./CallView"), (m) => m.CallView);
// The list of earlier calls, likewise: there is none in the first view.
const callHistory = chunkComponent("CallHistory", () => import("../features/call/components/CallHistory"), (m) => m.CallHistory);

// The selected call's rounds, tokens and diffs.
const rounds = chunkComponent("RoundsTimeline", () => import("./RoundsTimeline"), (m) => m.RoundsTimeline);

// "Call a destructive tool?", asked before such a call goes: none is asked in the first view.
const destructiveConfirm = chunkComponent("DestructiveConfirm", () => import("../features/catalog/components/DestructiveConfirm"), (m) => m.DestructiveConfirm);

/** Fetches the item panel's, the call view's, the call history's, the rounds panel's and the destructive question's code ahead. */
export const prefetchCallParts = (): Promise<unknown> => Promise.all([itemPanel.prefetch(), callView.prefetch(), callHistory.prefetch(), rounds.prefetch(), destructiveConfirm.prefetch()]);

/** The question before a destructive tool's call (features/catalog's DestructiveConfirm), its code loaded when one is asked. */
export function LazyDestructiveConfirm() {
  const asked = useConfirm((s) => s.pending !== undefined);
  if (!asked) return null;
  return (
    <LazyPart what="The question before a destructive call">
      <destructiveConfirm.Component />
    </LazyPart>
  );
}

/** The rounds of the selected call (RoundsTimeline.tsx), its code loaded once a call is selected. */
export function LazyRounds() {
  const selected = useCalls((s) => s.selected !== undefined);
  if (!selected) {
    return <NoRounds />;
  }
  return (
    <LazyPart what="The rounds panel" fallback={<h2>Rounds</h2>}>
      <rounds.Component />
    </LazyPart>
  );
}

/** The selected tool, resource, template or prompt (features/call/components/ItemPanel.tsx), its code loaded once one is selected. */
export function LazyItemPanel() {
  const selected = useUi((s) => s.selection !== undefined);
  if (!selected) return <p className="muted panel-empty">Pick a tool, resource or prompt on the left.</p>;
  return (
    <LazyPart what="The item panel" fallback={<p className="muted">Loading…</p>}>
      <itemPanel.Component />
    </LazyPart>
  );
}

/** The selected call as it runs (./CallView.tsx), its code loaded on first use. */
export function LazyCallView() {
  return (
    <LazyPart what="The call view" fallback={<p className="muted">Loading the call…</p>}>
      <callView.Component />
    </LazyPart>
  );
}

/** Earlier calls of this page (features/call/components/CallHistory.tsx), its code loaded on first use. */
export function LazyCallHistory() {
  return (
    <LazyPart what="The call history">
      <callHistory.Component />
    </LazyPart>
  );
}
