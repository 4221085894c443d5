import { useCallback, useEffect, useRef, useState, type ComponentType } from "react";
import { lazyChunk } from "../../lib/lazyChunk";
import type { PaletteProps } from "./PaletteDialog";
import { useShortcuts } from "./useShortcuts";

// The palette's dialog (its listbox, matching and ranking, the modal dialog) is a chunk of its own,
// fetched ahead once connected (prefetchForms.ts): the first view only listens for Ctrl/Cmd+K.
let loaded: ComponentType<PaletteProps> | undefined;
const loadPaletteChunk = lazyChunk("the command palette", () =>
  import("./PaletteDialog").then((m) => {
    loaded = m.PaletteDialog;
    return m.PaletteDialog;
  }),
);

/** Fetches the palette's code ahead. */
export const prefetchPalette = (): Promise<unknown> => loadPaletteChunk();

/**
 * Ctrl/Cmd+K: find a tool, resource or prompt by name and select it (nothing runs). No key typed
 * right after Ctrl/Cmd+K is lost: if the palette's code is not here yet, a plain input with the
 * palette's name and label opens at once, in the render the keys open it in, and collects what is
 * typed; when the code arrives the palette replaces it in one render, with that text and the focus.
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [Dialog, setDialog] = useState<ComponentType<PaletteProps> | undefined>(() => loaded);
  const [failure, setFailure] = useState<string>();
  const opener = useRef<HTMLElement | null>(null);
  const toggle = useCallback(() => {
    setOpen((o) => {
      if (!o) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return !o;
    });
    setTyped("");
  }, []);
  useShortcuts(toggle);
  useEffect(() => {
    if (!open || Dialog) return;
    let live = true;
    setFailure(undefined);
    loadPaletteChunk().then(
      (component) => live && setDialog(() => component),
      (e: unknown) => live && setFailure((e as Error).message),
    );
    return () => {
      live = false;
    };
  }, [open, Dialog]);
  if (!open) return null;
  const close = (): void => {
    setOpen(false);
    if (!Dialog) opener.current?.focus();
  };
  if (Dialog) return <Dialog onClose={close} initialQuery={typed} returnFocus={() => opener.current} />;
  return (
    <div className="palette-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div className="palette" role="dialog" aria-modal="true" aria-label="Command palette">
        <input
          autoFocus
          aria-label="Search tools, resources and prompts"
          placeholder="Search tools, resources and prompts…"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== "Escape") return;
            // Taken here, so the page's Escape (cancel the pending question) does not also run.
            e.preventDefault();
            close();
          }}
        />
        {failure ? (
          <p role="alert" className="field-error">
            {failure}: check that the inspector's server still runs (npm start), then reload the page.
          </p>
        ) : (
          <p className="muted palette-help">Loading the palette…</p>
        )}
      </div>
    </div>
  );
}
