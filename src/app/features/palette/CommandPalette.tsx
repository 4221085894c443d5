import { lazy, useCallback, useState } from "react";
import { LazyPart } from "../../components/ui/LazyPart";
import { useShortcuts } from "./useShortcuts";

// The dialog (cmdk on a Radix dialog) is fetched on first open; the keys work from the first view.
const PaletteDialog = lazy(() => import("./PaletteDialog"));

/** Ctrl/Cmd+K: find a tool, resource or prompt by name and select it (nothing runs). */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const toggle = useCallback(() => setOpen((o) => !o), []);
  useShortcuts(toggle);
  if (!open) return null;
  return (
    <LazyPart what="The command palette">
      <PaletteDialog onClose={() => setOpen(false)} />
    </LazyPart>
  );
}
