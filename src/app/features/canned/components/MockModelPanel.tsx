import { useMemo } from "react";
import { cannedStore, useCanned } from "../cannedStore";
import { parseScript } from "../utils/mockModel";

/** The mock model: scripted replies that answer sampling requests while it is on. */
export function MockModelPanel() {
  const mock = useCanned((s) => s.mock);
  const problems = useMemo(() => parseScript(mock.script).problems, [mock.script]);
  return (
    <div className="mock-model">
      <label className="field inline">
        <input type="checkbox" checked={mock.enabled} onChange={(e) => cannedStore.setMock({ enabled: e.target.checked })} />
        <span>Mock model answers sampling</span>
      </label>
      <textarea aria-label="Mock model script" rows={4} spellCheck={false} value={mock.script} onChange={(e) => cannedStore.setMock({ script: e.target.value })} />
      <p className="muted">
        A reply <code>{'tool:get_weather {"city":"$1"}'}</code> (several joined with <code>&&</code>) answers with <code>tool_use</code> blocks when the request offers those tools (sampling with tools).
      </p>
      {problems.map((p) => (
        <p key={p} className="field-error">
          {p}
        </p>
      ))}
    </div>
  );
}
