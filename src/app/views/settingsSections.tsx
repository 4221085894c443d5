import { useState, type ComponentType } from "react";
import { useConnection, useController } from "../session/context";
import type { ConnectionSettings } from "../stores/connectionStore";
import { CapabilityToggles } from "../features/connection/components/CapabilityToggles";
import { TimeoutField } from "../features/connection/components/TimeoutField";
import { layoutActions } from "../features/layout/layoutStore";
import { SamplingToolsSetting } from "../features/input/components/SamplingToolsSetting";
import { StandingRootsSettings } from "../features/roots/StandingRootsSettings";
import { TasksSetting } from "../features/tasks/TasksSetting";
import { PrefsSettings } from "../features/prefs/PrefsSettings";

/**
 * One section of the settings dialog. The list below is the one place a section is added (sign-in,
 * the roots list, tasks switches...): append an entry; the dialog renders them in order, each under
 * its own heading, and the chunk is fetched only when the dialog first opens.
 */
export interface SettingsSection {
  id: string;
  title: string;
  Component: ComponentType;
}

function useApply(): (patch: Partial<ConnectionSettings>) => void {
  const controller = useController();
  return (patch) => void controller.connect(patch);
}

function Capabilities() {
  const settings = useConnection((s) => s.settings);
  const apply = useApply();
  return (
    <>
      <p className="muted settings-note">What the client declares it can answer; each change reconnects.</p>
      <CapabilityToggles value={settings.capabilities} onChange={(capabilities) => apply({ capabilities })} />
    </>
  );
}

function Calls() {
  const settings = useConnection((s) => s.settings);
  const apply = useApply();
  return (
    <div className="settings-row">
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
    </div>
  );
}

function ClientIdentity() {
  const settings = useConnection((s) => s.settings);
  const apply = useApply();
  const [name, setName] = useState(settings.clientInfo.name);
  const [version, setVersion] = useState(settings.clientInfo.version);
  return (
    <form
      className="client-info"
      onSubmit={(e) => {
        e.preventDefault();
        apply({ clientInfo: { name: name.trim() || "presa-inspector", version: version.trim() || "0" } });
      }}
    >
      <label className="field">
        <span>clientInfo name</span>
        <input aria-label="Client name" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        <span>version</span>
        <input aria-label="Client version" value={version} onChange={(e) => setVersion(e.target.value)} />
      </label>
      <button type="submit">Apply</button>
    </form>
  );
}

function Layout() {
  return (
    <div className="settings-row">
      <span className="muted">Panel sizes and collapsed panels are kept in this browser.</span>
      <button type="button" className="secondary" onClick={() => layoutActions.reset()}>
        Reset layout
      </button>
    </div>
  );
}

export const SETTINGS_SECTIONS: SettingsSection[] = [
  { id: "capabilities", title: "Client capabilities", Component: Capabilities },
  { id: "sampling-tools", title: "Sampling with tools", Component: SamplingToolsSetting },
  { id: "standing-roots", title: "Standing roots", Component: StandingRootsSettings },
  { id: "tasks", title: "Tasks", Component: TasksSetting },
  { id: "calls", title: "Calls", Component: Calls },
  { id: "client-info", title: "Client identity", Component: ClientIdentity },
  { id: "layout", title: "Layout", Component: Layout },
  { id: "prefs", title: "Appearance and safety", Component: PrefsSettings },
];
