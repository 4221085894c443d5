import { useConnection, useController } from "../../../session/context";

/**
 * The `sampling.tools` capability (2025-11-25 on): with it a server may offer tools in
 * `sampling/createMessage` and the reply editor can answer with `tool_use` blocks; without it such a
 * request is refused the way the spec says. Like the other capabilities, a change reconnects.
 */
export function SamplingToolsSetting() {
  const controller = useController();
  const on = useConnection((s) => s.settings.samplingTools === true);
  const handled = useConnection((s) => s.settings.capabilities.sampling === "handled");
  return (
    <div className="settings-row">
      <label className="field inline">
        <input type="checkbox" aria-label="Sampling with tools" checked={on} onChange={(e) => void controller.connect({ samplingTools: e.target.checked })} />
        <span>Sampling with tools</span>
      </label>
      <span className="muted">
        {handled ? "Declares sampling.tools: requests may offer tools, and you may answer with tool_use blocks." : "Needs Sampling set to “on” in the capabilities above."}
      </span>
    </div>
  );
}
