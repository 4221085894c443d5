import { useCallback, useState } from "react";
import { PaletteDialog } from "./PaletteDialog";
import { useShortcuts } from "./useShortcuts";

/** Ctrl/Cmd+K: find a tool, resource or prompt by name and select it (nothing runs). */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const toggle = useCallback(() => setOpen((o) => !o), []);
  useShortcuts(toggle);
  if (!open) return null;
  return <PaletteDialog onClose={() => setOpen(false)} />;
}
