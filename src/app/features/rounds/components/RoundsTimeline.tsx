import { useCalls } from "../../../lib/context";

/** The rounds of the selected call. */
export function RoundsTimeline() {
  const call = useCalls((s) => (s.selected ? s.calls[s.selected] : undefined));
  if (!call) return <p className="muted">No call yet.</p>;
  const rounds = call.events.filter((e) => e.type === "roundStarted");
  return (
    <section className="rounds" aria-label="Rounds">
      <h3>Rounds ({rounds.length})</h3>
    </section>
  );
}
