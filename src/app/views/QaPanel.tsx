import { LazyPart } from "../components/ui/LazyPart";
import { chunkComponent } from "../lib/chunkComponent";
import { LogLevelPicker } from "../features/notifications/components/LogLevelPicker";

// The canned answers' panel (its switches, the saved answers, the mock model's script) and its store
// are a chunk of their own: what answers questions comes with the call code (compose.ts), and the
// panel, below the catalog, is drawn once its code is here, its heading shown meanwhile.
const cannedPanel = chunkComponent("CannedPanel", () => import("../features/canned/components/CannedPanel"), (m) => m.CannedPanel);

/** The sidebar's QA settings: canned answers and auto-answering, the mock model, server logs. */
export function QaPanel() {
  return (
    <section className="qa-panel" aria-label="QA">
      <LazyPart
        what="The canned answers panel"
        fallback={
          <details className="qa-section canned-panel" open>
            <summary>Canned answers</summary>
          </details>
        }
      >
        <cannedPanel.Component />
      </LazyPart>
      <div className="qa-section">
        <LogLevelPicker />
      </div>
    </section>
  );
}
