import { lazy, useRef, useState } from "react";
import { REVISIONS_NEWEST_FIRST, type Revision } from "../../core";
import { useConnection, useController } from "../session/context";
import type { ConnectionSettings } from "../stores/connectionStore";
import { ErrorView } from "../components/ui/ErrorView";
import { LazyPart } from "../components/ui/LazyPart";
import { TargetPicker } from "../features/connection/components/TargetPicker";
import { BridgeOffer } from "../features/connection/components/BridgeOffer";
import { IconRefusedMark, ItemIcon } from "../components/ui/ItemIcon";

// The settings dialog (Radix, and every section's controls) is fetched on first open; a process's
// output panel when a stdio target is chosen; sign-in's panel when an HTTP target is (its OAuth client
// later still, on the first connect with sign-in on).
const SettingsDialog = lazy(() => import("./SettingsDialog"));
const StderrPanel = lazy(() => import("../features/connection/components/StderrPanel").then((m) => ({ default: m.StderrPanel })));
const AuthPanel = lazy(() => import("../features/auth/components/AuthPanel").then((m) => ({ default: m.AuthPanel })));

/**
 * One compact line: target, revision, step mode, status, reconnect, and a Settings button for the rest
 * (capabilities, round cap, timeout, clientInfo, and the sections others add). Every change
 * reconnects, and the user's place is kept.
 */
export function ConnectionBar() {
  const controller = useController();
  const settings = useConnection((s) => s.settings);
  const status = useConnection((s) => s.status);
  const revision = useConnection((s) => s.revision);
  const era = useConnection((s) => s.era);
  const serverInfo = useConnection((s) => s.serverInfo);
  const error = useConnection((s) => s.error);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const apply = (patch: Partial<ConnectionSettings>) => void controller.connect(patch);

  return (
    <div className="connection-bar">
      <div className="connection-row">
        <h1 className="brand">presa inspector</h1>
        {/* Keyed by the target's kind: a connection made elsewhere to another kind (the bridge offer below) shows in the picker. */}
        <TargetPicker key={settings.target.kind} target={settings.target} onConnect={(target) => apply({ target })} />
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
        <label className="field inline step-toggle" title="Step mode: hold each retry (or answer) so you can edit it before it goes">
          <input type="checkbox" aria-label="Step mode (hold each retry)" checked={settings.stepMode} onChange={(e) => controller.setStepMode(e.target.checked)} />
          <span>
            Step<span className="wide-only"> mode</span>
          </span>
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
            <span
              className="badge era"
              data-testid="negotiated-era"
              title={era === "modern" ? "2026 era: input_required results and requestState retries" : "initialize era: live server requests"}
            >
              {era === "modern" ? "2026 era" : "initialize era"}
            </span>
          )}
          {serverInfo && (
            <span className="server-info" title={serverInfo.title ?? serverInfo.name}>
              <ItemIcon icons={serverInfo.icons} />
              {serverInfo.name} {serverInfo.version}
              <IconRefusedMark icons={serverInfo.icons} />
            </span>
          )}
        </div>
        {(settings.target.kind === "url" || settings.target.kind === "bridge-http") && (
          <LazyPart what="Sign-in">
            <AuthPanel />
          </LazyPart>
        )}
        <button type="button" className="reconnect" aria-label="Reconnect" title="Reconnect (same target and settings)" onClick={() => apply({})}>
          ↻
        </button>
        <button
          ref={settingsButton}
          type="button"
          className="secondary settings-button"
          aria-haspopup="dialog"
          aria-label="Settings"
          aria-expanded={settingsOpen}
          onClick={() => setSettingsOpen(true)}
          onPointerEnter={() => void import("./SettingsDialog")}
          title="Capabilities, round cap, timeout, clientInfo, layout"
        >
          <span aria-hidden="true">⚙</span>
          <span className="wide-only"> Settings</span>
        </button>
      </div>
      {settingsOpen && (
        <LazyPart what="The settings dialog">
          <SettingsDialog onClose={() => setSettingsOpen(false)} returnFocus={() => settingsButton.current} />
        </LazyPart>
      )}
      {(status === "failed" || status === "closed") && error && <ErrorView error={error} />}
      <BridgeOffer />
      {settings.target.kind === "stdio" && (
        <LazyPart what="The process output panel">
          <StderrPanel />
        </LazyPart>
      )}
    </div>
  );
}
