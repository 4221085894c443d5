import { useConnection, useController } from "../../session/context";

/**
 * Takes tasks: declares the `io.modelcontextprotocol/tasks` extension on 2026-07-28 and sends
 * 2025-11-25 tool calls that allow it as tasks. On by default in the app; like the other capabilities, a
 * change reconnects.
 */
export function TasksSetting() {
  const controller = useController();
  const on = useConnection((s) => s.settings.tasks !== false);
  return (
    <div className="settings-row">
      <label className="field inline">
        <input type="checkbox" aria-label="Tasks" checked={on} onChange={(e) => void controller.connect({ tasks: e.target.checked })} />
        <span>Tasks</span>
      </label>
      <span className="muted">
        {on
          ? "Declares the tasks extension (2026-07-28) and asks for tasks on 2025-11-25 where a tool allows it: long calls come back as tasks, polled with tasks/get."
          : "Off: a server's task is refused in words, and tools that require tasks are refused by the server."}
      </span>
    </div>
  );
}
