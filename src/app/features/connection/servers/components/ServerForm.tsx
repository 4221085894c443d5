import { useReducer, useState } from "react";
import { REVISIONS_NEWEST_FIRST, type Revision } from "../../../../../core";
import { DEFAULT_SETTINGS, type CapabilityKey, type CapabilityMode, type TargetKind } from "../../../../stores/connectionStore";
import { DEFAULT_AUTH_SETTINGS } from "../../../auth/authStore";
import { CapabilityToggles } from "../../components/CapabilityToggles";
import { KeyValueRows } from "../../components/KeyValueRows";
import { TransportSelect } from "../../components/TransportSelect";
import { draftOf, draftToTarget, targetDraftReducer } from "../../utils/targetDraft";
import { defaultName, type EntrySignIn, type ServerEntry } from "../../../../stores/serverEntry";

const KINDS: { kind: TargetKind | "hostile"; label: string }[] = [
  { kind: "embedded", label: "Embedded demo server" },
  { kind: "hostile", label: "Embedded hostile demo server" },
  { kind: "url", label: "Streamable HTTP or HTTP+SSE URL" },
  { kind: "bridge-http", label: "HTTP via bridge" },
  { kind: "stdio", label: "stdio command (via bridge)" },
];

interface Fields {
  name: string;
  revision: "auto" | Revision;
  capabilities: Record<CapabilityKey, CapabilityMode>;
  signIn: EntrySignIn;
  remember: boolean;
  hostile: boolean;
}

/**
 * Adds or edits one saved server: where it is, its transport, headers or env, revision, client
 * capabilities and sign-in. `where` says where a remembered secret is written.
 */
export function ServerForm({ entry, where, onSave, onCancel }: { entry: Omit<ServerEntry, "id">; where: string; onSave: (e: Omit<ServerEntry, "id">) => void; onCancel: () => void }) {
  const [draft, dispatch] = useReducer(targetDraftReducer, entry.target, draftOf);
  const [f, setF] = useState<Fields>({
    name: entry.name,
    revision: entry.revision,
    capabilities: entry.capabilities ?? DEFAULT_SETTINGS.capabilities,
    signIn: entry.signIn ?? DEFAULT_AUTH_SETTINGS,
    remember: entry.remember,
    hostile: entry.target.kind === "embedded" && entry.target.server === "hostile",
  });
  const set = (patch: Partial<Fields>) => setF((old) => ({ ...old, ...patch }));
  const setSignIn = (patch: Partial<EntrySignIn>) => setF((old) => ({ ...old, signIn: { ...old.signIn, ...patch } }));
  const isHttp = draft.kind === "url" || draft.kind === "bridge-http";
  const kindValue = draft.kind === "embedded" && f.hostile ? "hostile" : draft.kind;

  function save(): void {
    const base = draftToTarget(draft);
    const target = base.kind === "embedded" && f.hostile ? { kind: "embedded" as const, server: "hostile" as const } : base;
    const { extra, notes } = entry;
    onSave({
      name: f.name.trim() || defaultName(target),
      target,
      revision: f.revision,
      capabilities: f.capabilities,
      ...(isHttp ? { signIn: f.signIn } : {}),
      remember: f.remember,
      ...(extra ? { extra } : {}),
      ...(notes ? { notes } : {}),
    });
  }

  return (
    <form
      className="server-form headers-editor"
      aria-label="Saved server"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <label className="field">
        <span>Name</span>
        <input aria-label="Server name" value={f.name} onChange={(e) => set({ name: e.target.value })} />
      </label>
      <label className="field">
        <span>Kind</span>
        <select
          aria-label="Kind"
          value={kindValue}
          onChange={(e) => {
            const v = e.target.value as TargetKind | "hostile";
            set({ hostile: v === "hostile" });
            dispatch({ type: "kind", kind: v === "hostile" ? "embedded" : v });
          }}
        >
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      {isHttp && (
        <>
          <label className="field">
            <span>URL</span>
            <input aria-label="URL" className="url-input" value={draft.url} onChange={(e) => dispatch({ type: "field", field: "url", value: e.target.value })} />
          </label>
          <TransportSelect draft={draft} dispatch={dispatch} />
          <KeyValueRows rows={draft.headers} onChange={(rows) => dispatch({ type: "rows", field: "headers", rows })} noun="Header" namePlaceholder="Authorization" valuePlaceholder="Bearer …" />
        </>
      )}
      {draft.kind === "stdio" && (
        <>
          <label className="field">
            <span>Command</span>
            <input aria-label="Command" value={draft.command} onChange={(e) => dispatch({ type: "field", field: "command", value: e.target.value })} />
          </label>
          <label className="field">
            <span>Arguments (one per line)</span>
            <textarea aria-label="Arguments (one per line)" rows={2} value={draft.argsText} onChange={(e) => dispatch({ type: "field", field: "argsText", value: e.target.value })} />
          </label>
          <label className="field">
            <span>Working directory</span>
            <input aria-label="Working directory" value={draft.cwd} onChange={(e) => dispatch({ type: "field", field: "cwd", value: e.target.value })} />
          </label>
          <KeyValueRows rows={draft.env} onChange={(rows) => dispatch({ type: "rows", field: "env", rows })} noun="Variable" namePlaceholder="API_KEY" valuePlaceholder="value" />
        </>
      )}
      <label className="field">
        <span>Revision</span>
        <select aria-label="Saved revision" value={f.revision} onChange={(e) => set({ revision: e.target.value as "auto" | Revision })}>
          <option value="auto">auto (offer all, newest first)</option>
          {REVISIONS_NEWEST_FIRST.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <CapabilityToggles value={f.capabilities} onChange={(capabilities) => set({ capabilities })} />
      {isHttp && (
        <fieldset>
          <legend>Sign-in (OAuth)</legend>
          <label className="field inline">
            <input type="checkbox" checked={f.signIn.enabled} onChange={(e) => setSignIn({ enabled: e.target.checked })} />
            <span>Sign in when the server answers 401</span>
          </label>
          <label className="field">
            <span>Client ID</span>
            <input aria-label="Client ID" value={f.signIn.clientId} onChange={(e) => setSignIn({ clientId: e.target.value })} placeholder="empty: register" />
          </label>
          <label className="field">
            <span>Client secret</span>
            <input aria-label="Client secret" type="password" value={f.signIn.clientSecret} onChange={(e) => setSignIn({ clientSecret: e.target.value })} />
          </label>
          <label className="field">
            <span>Scope</span>
            <input aria-label="Scope" value={f.signIn.scope} onChange={(e) => setSignIn({ scope: e.target.value })} />
          </label>
        </fieldset>
      )}
      <label className="field inline remember">
        <input type="checkbox" checked={f.remember} onChange={(e) => set({ remember: e.target.checked })} />
        <span>Remember secrets (header values, secret-looking env values, the client secret) in {where}</span>
      </label>
      {!f.remember && <p className="muted">Secrets stay in memory for this page; after a reload, fill them in again.</p>}
      <div className="actions">
        <button type="submit">Save server</button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
