import { prefsStore, usePrefs, type Theme } from "./prefsStore";

/** The settings dialog's "Appearance and safety" section: theme, and the confirm before a destructive tool. */
export function PrefsSettings() {
  const theme = usePrefs((s) => s.theme);
  const confirmDestructive = usePrefs((s) => s.confirmDestructive);
  return (
    <div className="settings-row">
      <label className="field inline">
        <span>Theme</span>
        <select aria-label="Theme" value={theme} onChange={(e) => prefsStore.set({ theme: e.target.value as Theme })}>
          <option value="system">system</option>
          <option value="light">light</option>
          <option value="dark">dark</option>
        </select>
      </label>
      <label className="field inline">
        <input type="checkbox" checked={confirmDestructive} onChange={(e) => prefsStore.set({ confirmDestructive: e.target.checked })} />
        <span>Ask before calling a tool marked destructive</span>
      </label>
    </div>
  );
}
