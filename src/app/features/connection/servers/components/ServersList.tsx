import { useState } from "react";
import type { SpawnSpec } from "../../../../../core";
import { useBridge, useConnection, useController, useServers } from "../../../../session/context";
import type { Target } from "../../../../stores/connectionStore";
import { SpawnDialog } from "../../components/SpawnDialog";
import { describeTarget, spawnSpecOf } from "../../../../stores/targets";
import { connectEntry } from "../connectEntry";
import { defaultName, type ServerEntry } from "../../../../stores/serverEntry";
import { ServerForm } from "./ServerForm";
import "./servers.css";
import { AskInputs } from "./AskInputs";
import { inputIdsOf, withInputs } from "../configs/configImport";

const KIND: Record<Target["kind"], string> = { embedded: "embedded", url: "HTTP", "bridge-http": "HTTP via bridge", stdio: "stdio" };

function kindLabel(entry: ServerEntry): string {
  const t = entry.target;
  if (t.kind === "embedded") return t.server === "hostile" ? "embedded (hostile)" : "embedded";
  if ((t.kind === "url" || t.kind === "bridge-http") && t.transport === "http+sse") return `${KIND[t.kind]} + SSE`;
  return KIND[t.kind];
}

type Editing = { kind: "new"; entry: Omit<ServerEntry, "id"> } | { kind: "edit"; id: string } | undefined;

/**
 * The saved servers: connect in one click, fill the form, edit, clone, reorder, remove, and save the
 * current connection. Kept in this browser (and in the bridge's servers file when a bridge runs).
 */
export function ServersList({ onPick, onConnected }: { onPick: (t: Target) => void; onConnected: () => void }) {
  const controller = useController();
  const entries = useServers((s) => s.entries);
  const lastUsed = useServers((s) => s.lastUsed);
  const settings = useConnection((s) => s.settings);
  const auth = useController().signIn.store.getState().settings;
  const filePath = useBridge((s) => s.info?.serversFile);
  const fileError = useServers((s) => s.fileError);
  const [editing, setEditing] = useState<Editing>(undefined);
  const [spawn, setSpawn] = useState<{ entry: ServerEntry; spec: SpawnSpec } | undefined>(undefined);
  const [asking, setAsking] = useState<ServerEntry | undefined>(undefined);
  const where = `this browser's localStorage${filePath ? ` and in ${filePath} (the bridge's servers file)` : ""}`;

  const connect = (entry: ServerEntry, values?: Record<string, string>): void => {
    if (!values && inputIdsOf(entry).length > 0) return setAsking(entry);
    if (values) entry = withInputs(entry, values);
    if (entry.target.kind === "stdio" && !controller.isSpawnConfirmed(spawnSpecOf(entry.target))) return setSpawn({ entry, spec: spawnSpecOf(entry.target) });
    void connectEntry(controller, entry);
    onConnected();
  };
  const saveCurrent = (): void => {
    const isHttp = settings.target.kind === "url" || settings.target.kind === "bridge-http";
    setEditing({
      kind: "new",
      entry: { name: defaultName(settings.target), target: settings.target, revision: settings.revision, capabilities: settings.capabilities, ...(isHttp ? { signIn: auth } : {}), remember: false },
    });
  };
  const edited = editing?.kind === "edit" ? entries.find((e) => e.id === editing.id) : undefined;

  return (
    <section aria-label="Saved servers" className="servers">
      <h3>Servers</h3>
      {entries.length === 0 && <p className="muted">No saved servers yet.</p>}
      {filePath && !fileError && <p className="muted">Also kept in {filePath}, for the command line (--server NAME).</p>}
      {fileError && <p role="alert" className="field-error">The bridge's servers file: {fileError}</p>}
      <ul className="saved-list">
        {entries.map((s, i) => (
          <li key={s.id} data-last-used={s.id === lastUsed || undefined}>
            <button type="button" className="link" onClick={() => onPick(s.target)} title={`Fill the form: ${describeTarget(s.target)}`}>
              {s.name}
            </button>
            <span className="badge">{kindLabel(s)}</span>
            {s.revision !== "auto" && <span className="badge">{s.revision}</span>}
            <span className="saved-actions">
              <button type="button" aria-label={`Connect to ${s.name}`} onClick={() => connect(s)}>
                Connect
              </button>
              <button type="button" className="link" aria-label={`Edit ${s.name}`} onClick={() => setEditing({ kind: "edit", id: s.id })}>
                Edit
              </button>
              <button type="button" className="link" aria-label={`Clone ${s.name}`} onClick={() => controller.servers.clone(s.id)}>
                Clone
              </button>
              <button type="button" className="link" aria-label={`Move ${s.name} up`} disabled={i === 0} onClick={() => controller.servers.move(s.id, -1)}>
                ↑
              </button>
              <button type="button" className="link" aria-label={`Move ${s.name} down`} disabled={i === entries.length - 1} onClick={() => controller.servers.move(s.id, 1)}>
                ↓
              </button>
              <button type="button" className="link" aria-label={`Remove ${s.name}`} onClick={() => controller.servers.remove(s.id)}>
                ×
              </button>
            </span>
            {s.notes && s.notes.length > 0 && (
              <ul className="muted entry-notes" aria-label={`Notes on ${s.name}`}>
                {s.notes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {!editing && (
        <div className="actions">
          <button type="button" onClick={saveCurrent}>
            Save current connection…
          </button>
        </div>
      )}
      {editing?.kind === "new" && (
        <ServerForm
          entry={editing.entry}
          where={where}
          onCancel={() => setEditing(undefined)}
          onSave={(e) => {
            controller.servers.add(e);
            setEditing(undefined);
          }}
        />
      )}
      {edited && (
        <ServerForm
          key={edited.id}
          entry={edited}
          where={where}
          onCancel={() => setEditing(undefined)}
          onSave={(e) => {
            controller.servers.update(edited.id, e);
            setEditing(undefined);
          }}
        />
      )}
      {asking && (
        <AskInputs
          entry={asking}
          onCancel={() => setAsking(undefined)}
          onConnect={(values) => {
            setAsking(undefined);
            connect(asking, values);
          }}
        />
      )}
      {spawn && (
        <SpawnDialog
          spec={spawn.spec}
          onCancel={() => setSpawn(undefined)}
          onConfirm={() => {
            controller.confirmSpawn(spawn.spec);
            void connectEntry(controller, spawn.entry);
            setSpawn(undefined);
            onConnected();
          }}
        />
      )}
    </section>
  );
}
