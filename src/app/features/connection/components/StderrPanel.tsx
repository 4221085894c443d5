import { useStderr } from "../../../session/context";

/** Lines shown at most; the store keeps more. */
const SHOWN = 500;

/** What the stdio server wrote to stderr (its logs), and any stdout line that was not JSON-RPC; text only. */
export function StderrPanel() {
  const lines = useStderr((s) => s.lines);
  const garbage = useStderr((s) => s.garbage);
  const stderrCount = lines.filter((l) => l.stream === "stderr").length;
  const shown = lines.slice(-SHOWN);
  return (
    <details className="stderr-panel" open>
      <summary>
        Server stderr ({stderrCount} {stderrCount === 1 ? "line" : "lines"})
        {garbage > 0 && (
          <span className="badge warn" data-testid="stdout-garbage" title="Lines on stdout that are not JSON-RPC messages: stdout must carry only MCP messages; logs belong on stderr.">
            {garbage} non-JSON stdout {garbage === 1 ? "line" : "lines"}
          </span>
        )}
      </summary>
      <pre role="log" aria-label="Server stderr" className="stderr-lines">
        {shown.length === 0 ? <span className="muted">nothing yet</span> : null}
        {shown.map((l) => (
          <span key={l.seq} className={`stderr-line ${l.stream}`}>
            {l.stream === "stdout" ? `stdout (not JSON-RPC): ${l.text}` : l.stream === "bridge" ? `— ${l.text} —` : l.text}
            {"\n"}
          </span>
        ))}
      </pre>
    </details>
  );
}
