import { ModalDialog } from "../components/ui/ModalDialog";
import { SETTINGS_SECTIONS } from "./settingsSections";

/**
 * Everything about the connection that is not on the compact bar, in a modal dialog (ModalDialog:
 * focus inside, Esc or Close closes it, focus returns to the Settings button). Its code, with every
 * section's controls, is fetched on first open.
 */
export default function SettingsDialog({ onClose, returnFocus }: { onClose: () => void; returnFocus: () => HTMLElement | null }) {
  return (
    <ModalDialog label="Connection settings" className="dialog settings-dialog" onClose={onClose} returnFocus={returnFocus}>
      <div className="settings-head">
        <h2>Connection settings</h2>
        <button type="button" className="secondary small" aria-label="Close settings" onClick={onClose}>
          Close
        </button>
      </div>
      {SETTINGS_SECTIONS.map(({ id, title, Component }) => (
        <section key={id} className="settings-section" aria-labelledby={`settings-${id}`} data-section={id}>
          <h3 id={`settings-${id}`}>{title}</h3>
          <Component />
        </section>
      ))}
    </ModalDialog>
  );
}
