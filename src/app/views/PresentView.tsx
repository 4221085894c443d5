import { CallView } from "./CallView";
import { ItemPanel } from "../features/call/components/ItemPanel";
import { RoundsTimeline } from "./RoundsTimeline";

/**
 * Presentation mode: one flow as the end user meets it (the item, its form and the questions as
 * cards) with the rounds beside it, in large type. The wire log, catalog and connection details stay
 * hidden; what the cards show beyond the user's view is hidden by the `.is-present` styles.
 */
export function PresentView() {
  return (
    <main className="present-view" aria-label="Presentation">
      <section className="present-flow" aria-label="Flow">
        <ItemPanel />
        <CallView />
      </section>
      <aside className="present-rounds timeline">
        <RoundsTimeline />
      </aside>
    </main>
  );
}
