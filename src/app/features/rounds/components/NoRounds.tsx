/** The rounds panel with no call to show; small, so the first view draws it without the panel's chunk. */
export function NoRounds() {
  return (
    <section className="rounds" aria-label="Rounds">
      <h3>Rounds</h3>
      <p className="muted">No call yet. Call a tool to see its rounds here.</p>
    </section>
  );
}
