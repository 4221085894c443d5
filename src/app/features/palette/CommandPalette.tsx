import { lazy, Suspense, useCallback, useState } from "react";
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
    <Suspense fallback={null}>
      <PaletteDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
