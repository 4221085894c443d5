import { useMemo } from "react";
import { useCanned } from "../../../lib/context";
import { cannedStore } from "../cannedStore";
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
      {problems.map((p) => (
        <p key={p} className="field-error">
          {p}
        </p>
      ))}
    </div>
  );
}
