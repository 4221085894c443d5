import { CannedPanel } from "../features/canned/components/CannedPanel";
import { LogLevelPicker } from "../features/notifications/components/LogLevelPicker";

/** The sidebar's QA settings: canned answers and auto-answering, the mock model, server logs. */
export function QaPanel() {
  return (
    <section className="qa-panel" aria-label="QA">
      <CannedPanel />
      <div className="qa-section">
        <LogLevelPicker />
      </div>
    </section>
  );
}
