import { useState } from "react";
import { useController } from "../../../session/context";
import type { Target } from "../../../stores/connectionStore";
import { useBridge, useSaved } from "../../../session/context";
import { parseMcpConfig, toMcpConfig, type SavedServer } from "../../../stores/mcpConfig";
import { describeTarget } from "../../../stores/targets";
import { downloadJson } from "../../../lib/downloadJson";

function kindLabel(target: Target): string {
  return target.kind === "stdio" ? "stdio" : target.kind === "bridge-http" ? "HTTP via bridge" : "HTTP";
}

function ServerList({ title, servers, onPick, onForget }: { title: string; servers: SavedServer[]; onPick: (t: Target) => void; onForget?: (i: number) => void }) {
  if (servers.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <ul className="saved-list">
        {servers.map((s, i) => (
          <li key={i}>
            <button type="button" className="link" onClick={() => onPick(s.target)} title={describeTarget(s.target)}>
              {s.name}
            </button>
            <span className="badge">{kindLabel(s.target)}</span>
            {onForget && (
              <button type="button" className="link" aria-label={`Forget ${s.name}`} onClick={() => onForget(i)}>
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The saved connections' panel (a chunk of its own, loaded when "Saved" is first opened): imported and
 * recent servers, import and export of `mcp.json`. Picking one fills the form; connecting is still the user's click.
 */
export function SavedPanel({ onPick }: { onPick: (t: Target) => void }) {
  const controller = useController();
  const recent = useSaved((s) => s.recent);
  const imported = useSaved((s) => s.imported);
  const hasBridge = useBridge((s) => s.endpoint !== undefined);
  const [text, setText] = useState("");
  const [report, setReport] = useState<{ errors: string[]; warnings: string[] }>({ errors: [], warnings: [] });

  function importText(source: string): void {
    const parsed = parseMcpConfig(source, hasBridge ? "bridge-http" : "url");
    if (!parsed.ok) return setReport({ errors: parsed.errors, warnings: [] });
    controller.saved.setImported(parsed.servers);
    setReport({ errors: [], warnings: [`imported ${parsed.servers.length} server(s)`, ...parsed.warnings] });
    setText("");
  }

  return (
    <div className="headers-editor saved-panel" role="region" aria-label="Saved connections">
      <ServerList title="Imported" servers={imported} onPick={onPick} />
      <ServerList title="Recent" servers={recent} onPick={onPick} onForget={(i) => controller.saved.forget(i)} />
      <label className="field">
        <span>Import mcp.json</span>
        <input type="file" accept=".json,application/json" aria-label="Import mcp.json file" onChange={(e) => void e.target.files?.[0]?.text().then(importText)} />
      </label>
      <textarea aria-label="Paste mcp.json" rows={3} value={text} onChange={(e) => setText(e.target.value)} placeholder='{"mcpServers": {"name": {"command": "npx", "args": ["-y", "pkg"]}}}' />
      <div className="actions">
        <button type="button" onClick={() => importText(text)} disabled={text.trim() === ""}>
          Import
        </button>
        <button type="button" onClick={() => downloadJson("mcp.json", toMcpConfig([...imported, ...recent]))} disabled={recent.length + imported.length === 0}>
          Export mcp.json
        </button>
      </div>
      {report.errors.length > 0 && (
        <ul role="alert" className="field-error">
          {report.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {report.warnings.length > 0 && (
        <ul className="muted" aria-label="Import notes">
          {report.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <p className="muted">
        Recent connections are remembered in this browser (localStorage) without the values of Authorization-like headers, secret-looking environment variables and URL
        parameters. Imported servers stay in memory for this page only.
      </p>
    </div>
  );
}
