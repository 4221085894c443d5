import * as Dialog from "@radix-ui/react-dialog";
import { SETTINGS_SECTIONS } from "./settingsSections";

/**
 * Everything about the connection that is not on the compact bar, in an accessible modal dialog
 * (Radix: focus trapped inside, Esc or the close button closes it, focus returns to the Settings
 * button). Loaded on first open.
 */
export default function SettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop settings-overlay" />
        <Dialog.Content className="dialog settings-dialog" aria-describedby={undefined}>
          <header className="settings-head">
            <Dialog.Title>Connection settings</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="secondary small" aria-label="Close settings">
                Close
              </button>
            </Dialog.Close>
          </header>
          {SETTINGS_SECTIONS.map(({ id, title, Component }) => (
            <section key={id} className="settings-section" aria-labelledby={`settings-${id}`} data-section={id}>
              <h3 id={`settings-${id}`}>{title}</h3>
              <Component />
            </section>
          ))}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
