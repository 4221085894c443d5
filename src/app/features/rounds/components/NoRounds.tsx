/** The rounds panel with no call to show; small, so the first view draws it without the panel's chunk. */
export function NoRounds() {
  return (
    <section className="rounds" aria-label="Rounds">
      <h2>Rounds</h2>
      <p className="muted">No call yet. Call a tool to see its rounds here.</p>
    </section>
  );
}
