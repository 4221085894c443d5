import { useController, useNotify } from "../../../session/context";
import { LOG_LEVELS, type LogLevel } from "../notifyStore";

/** The level the client asks server logs at; they show on the call they belong to. */
export function LogLevelPicker() {
  const controller = useController();
  const level = useNotify((s) => s.logLevel);
  return (
    <label className="field inline">
      <span>Server logs</span>
      <select aria-label="Log level" value={level} onChange={(e) => controller.setLogLevel(e.target.value as LogLevel | "off")}>
        <option value="off">off</option>
        {LOG_LEVELS.map((l) => (
          <option key={l} value={l}>
            {l} and above
          </option>
        ))}
      </select>
    </label>
  );
}
