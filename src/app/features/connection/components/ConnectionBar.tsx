import { useState } from "react";
import { REVISIONS_NEWEST_FIRST, type Revision } from "../../../../core";
import { useConnection, useController } from "../../../lib/context";
import type { ConnectionSettings } from "../../../stores/connectionStore";
import { ErrorView } from "../../errors/ErrorView";
import { CapabilityToggles } from "./CapabilityToggles";
import { StderrPanel } from "./StderrPanel";
import { TargetPicker } from "./TargetPicker";
import { TimeoutField } from "./TimeoutField";

/** Target, revision, capabilities and status: every change reconnects, and the user's place is kept. */
export function ConnectionBar() {
  const controller = useController();
  const settings = useConnection((s) => s.settings);
  const status = useConnection((s) => s.status);
  const revision = useConnection((s) => s.revision);
  const era = useConnection((s) => s.era);
  const serverInfo = useConnection((s) => s.serverInfo);
  const error = useConnection((s) => s.error);
  const [showClient, setShowClient] = useState(false);
  const apply = (patch: Partial<ConnectionSettings>) => void controller.connect(patch);

  return (
    <header className="connection-bar">
      <div className="connection-row">
        <span className="brand">presa inspector</span>
        <TargetPicker target={settings.target} onConnect={(target) => apply({ target })} />
        <label className="field">
          <span>Revision</span>
          <select aria-label="Revision" value={settings.revision} onChange={(e) => apply({ revision: e.target.value as "auto" | Revision })}>
            <option value="auto">auto (offer all, newest first)</option>
            {REVISIONS_NEWEST_FIRST.map((r) => (
              <option key={r} value={r}>
                {r} {r >= "2026-07-28" ? "(stateless)" : "(initialize)"}
              </option>
            ))}
          </select>
        </label>
        <div className="status" data-status={status} aria-live="polite">
          <span className="status-dot" />
          <span data-testid="connection-status">{status}</span>
          {revision && (
            <span className="badge" data-testid="negotiated-revision" title="Negotiated revision">
              {revision}
            </span>
          )}
          {era && (
            <span className="badge era" data-testid="negotiated-era">
              {era === "modern" ? "2026 era: input_required + requestState" : "initialize era: live server requests"}
            </span>
          )}
          {serverInfo && (
            <span className="server-info" title={serverInfo.title ?? serverInfo.name}>
              {serverInfo.name} {serverInfo.version}
            </span>
          )}
        </div>
        <button type="button" onClick={() => apply({})}>
          Reconnect
        </button>
      </div>
      <div className="connection-row secondary">
        <CapabilityToggles value={settings.capabilities} onChange={(capabilities) => apply({ capabilities })} />
        <label className="field inline">
          <input type="checkbox" checked={settings.stepMode} onChange={(e) => controller.setStepMode(e.target.checked)} />
          <span>Step mode (hold each retry)</span>
        </label>
        <label className="field inline">
          <span>Round cap</span>
          <input
            type="number"
            aria-label="Round cap"
            min={1}
            max={100}
            value={settings.maxRounds}
            onChange={(e) => {
              const n = Number(e.target.value);
              if (Number.isInteger(n) && n >= 1 && n <= 100) apply({ maxRounds: n });
            }}
          />
        </label>
        <TimeoutField settings={settings} onApply={apply} />
        <button type="button" className="link" onClick={() => setShowClient(!showClient)} aria-expanded={showClient}>
          clientInfo: {settings.clientInfo.name} {settings.clientInfo.version}
        </button>
        {showClient && <ClientInfoEditor settings={settings} onApply={apply} />}
      </div>
      {(status === "failed" || status === "closed") && error && <ErrorView error={error} />}
      {settings.target.kind === "stdio" && <StderrPanel />}
    </header>
  );
}

function ClientInfoEditor({ settings, onApply }: { settings: ConnectionSettings; onApply: (p: Partial<ConnectionSettings>) => void }) {
  const [name, setName] = useState(settings.clientInfo.name);
  const [version, setVersion] = useState(settings.clientInfo.version);
  return (
    <form
      className="client-info"
      onSubmit={(e) => {
        e.preventDefault();
        onApply({ clientInfo: { name: name.trim() || "presa-inspector", version: version.trim() || "0" } });
      }}
    >
      <input aria-label="Client name" value={name} onChange={(e) => setName(e.target.value)} />
      <input aria-label="Client version" value={version} onChange={(e) => setVersion(e.target.value)} />
      <button type="submit">Apply</button>
    </form>
  );
}
