import type { HeldRetry } from "../store/stepStore";
import { useInspector } from "../../../lib/context";

/** A retry held in step mode: send it as is, or abandon the call. */
export function HeldRetryPanel({ held }: { held: HeldRetry }) {
  const inspector = useInspector();
  return (
    <article className="held-retry" aria-label="Held retry">
      <header>
        <strong>Retry held (round {held.draft.round})</strong>
      </header>
      <pre>{JSON.stringify({ inputResponses: held.draft.inputResponses, requestState: held.draft.requestState }, null, 2)}</pre>
      <button type="button" onClick={() => inspector.step.send(held.id, held.draft)}>
        Send retry
      </button>
      <button type="button" onClick={() => inspector.step.abort(held.id)}>
        Abandon
      </button>
    </article>
  );
}
