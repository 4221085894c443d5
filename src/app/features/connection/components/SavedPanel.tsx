import { useState } from "react";
import { useController } from "../../../session/context";
import type { Target } from "../../../stores/connectionStore";
import { useBridge, useSaved, useServers } from "../../../session/context";
import type { SavedServer } from "../../../stores/recent";
import { describeTarget } from "../../../stores/targets";
import { downloadJson } from "../../../lib/downloadJson";
import { ServersList } from "../servers/components/ServersList";
import { FORMAT_LABEL, parseClientConfig, type ConfigFormat } from "../servers/configs/configImport";
import { exportClientConfig } from "../servers/configs/configExport";

function kindLabel(target: Target): string {
  return target.kind === "stdio" ? "stdio" : target.kind === "bridge-http" ? "HTTP via bridge" : "HTTP";
}

function RecentList({ servers, onPick, onForget }: { servers: SavedServer[]; onPick: (t: Target) => void; onForget: (i: number) => void }) {
  if (servers.length === 0) return null;
  return (
    <section aria-label="Recent">
      <h3>Recent</h3>
      <ul className="saved-list">
        {servers.map((s, i) => (
          <li key={i}>
            <button type="button" className="link" onClick={() => onPick(s.target)} title={describeTarget(s.target)}>
              {s.name}
            </button>
            <span className="badge">{kindLabel(s.target)}</span>
            <button type="button" className="link" aria-label={`Forget ${s.name}`} onClick={() => onForget(i)}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

const FORMATS = Object.keys(FORMAT_LABEL) as ConfigFormat[];

/**
 * The saved connections' panel (a chunk of its own, loaded when "Saved" is first opened): the saved
 * servers, import and export of client configs (Claude Desktop / Cursor, VS Code, registry
 * server.json), and recent connections. A server's name fills the form; its Connect connects.
 */
export function SavedPanel({ onPick, onConnected }: { onPick: (t: Target) => void; onConnected: () => void }) {
  const controller = useController();
  const recent = useSaved((s) => s.recent);
  const entries = useServers((s) => s.entries);
  const hasBridge = useBridge((s) => s.endpoint !== undefined);
  const [text, setText] = useState("");
  const [format, setFormat] = useState<ConfigFormat>("mcpServers");
  const [report, setReport] = useState<{ errors: string[]; notes: string[] }>({ errors: [], notes: [] });

  function importText(source: string): void {
    const parsed = parseClientConfig(source, { hasBridge });
    if (!parsed.ok) return setReport({ errors: parsed.errors, notes: [] });
    controller.servers.addAll(parsed.entries);
    const notes = parsed.entries.flatMap((e) => (e.notes ?? []).map((n) => `${e.name}: ${n}`));
    setReport({ errors: [], notes: [`imported ${parsed.entries.length} server(s) from ${FORMAT_LABEL[parsed.format]}`, ...notes] });
    setText("");
  }

  function exportAs(): void {
    const out = exportClientConfig(entries, format);
    downloadJson(out.file, out.text);
    setReport({ errors: [], notes: out.skipped.map((s) => `not exported: ${s}`) });
  }

  return (
    <div className="headers-editor saved-panel" role="region" aria-label="Saved connections">
      <ServersList onPick={onPick} onConnected={onConnected} />
      <label className="field">
        <span>Import a client config (Claude Desktop, Cursor, VS Code mcp.json, registry server.json)</span>
        <input type="file" accept=".json,application/json" aria-label="Import mcp.json file" onChange={(e) => void e.target.files?.[0]?.text().then(importText)} />
      </label>
      <textarea aria-label="Paste mcp.json" rows={3} value={text} onChange={(e) => setText(e.target.value)} placeholder='{"mcpServers": {"name": {"command": "npx", "args": ["-y", "pkg"]}}}' />
      <div className="actions">
        <button type="button" onClick={() => importText(text)} disabled={text.trim() === ""}>
          Import
        </button>
        <select aria-label="Export format" value={format} onChange={(e) => setFormat(e.target.value as ConfigFormat)}>
          {FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABEL[f]}
            </option>
          ))}
        </select>
        <button type="button" onClick={exportAs} disabled={entries.length === 0}>
          Export
        </button>
      </div>
      {report.errors.length > 0 && (
        <ul role="alert" className="field-error">
          {report.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {report.notes.length > 0 && (
        <ul className="muted" aria-label="Import notes">
          {report.notes.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <RecentList servers={recent} onPick={onPick} onForget={(i) => controller.saved.forget(i)} />
      <p className="muted">
        Saved servers and recent connections are kept in this browser (localStorage{hasBridge ? ", and the saved servers in the bridge's servers file" : ""}) without header values,
        secret-looking environment variables, URL parameters and client secrets, unless a server's “Remember secrets” is ticked.
      </p>
    </div>
  );
}
