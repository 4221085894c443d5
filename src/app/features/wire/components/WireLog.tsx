import { useWire } from "../../../lib/context";

/** Every JSON-RPC frame, newest last. */
export function WireLog() {
  const entries = useWire((s) => s.entries);
  return (
    <section className="wire-log" aria-label="Wire log">
      <header>
        <strong>Wire log</strong> <span className="muted">{entries.length} frames</span>
      </header>
      <ol className="wire-list">
        {entries.slice(-200).map((e) => (
          <li key={e.seq} className={`wire-entry dir-${e.direction}`}>
            <span>{e.direction === "out" ? "→" : "←"}</span> <code>{e.message && "method" in e.message ? e.message.method : (e.method ?? "response")}</code>{" "}
            <span className="muted">{e.size} B</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
