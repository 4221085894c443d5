import { useEffect } from "react";
import { useController } from "../../session/context";
import { selectionKey, uiStore } from "../../stores/uiStore";
import { runSelection } from "../../session/runSelection";
import { escapeAction } from "./utils/escapeAction";

/** Ctrl on most keyboards, Cmd on a Mac. */
export function isModKey(e: KeyboardEvent): boolean {
  return e.ctrlKey || e.metaKey;
}

/**
 * The app's keys: Ctrl/Cmd+K toggles the palette, Ctrl/Cmd+Enter runs the selected item with its
 * current draft, Escape cancels the pending input (escapeAction.ts) unless something else took it.
 */
export function useShortcuts(togglePalette: () => void): void {
  const controller = useController();
  useEffect(() => {
    const session = controller.session;
    const onKey = (e: KeyboardEvent): void => {
      if (isModKey(e) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        togglePalette();
      } else if (isModKey(e) && e.key === "Enter") {
        const { selection, drafts } = uiStore.getState();
        if (!selection || session.connection.getState().status !== "connected") return;
        e.preventDefault();
        runSelection(controller, selection, (drafts[selectionKey(selection)] as Record<string, unknown> | undefined) ?? {});
      } else if (e.key === "Escape" && !e.defaultPrevented) {
        const action = escapeAction(session.inputs.getState().pending, session.calls.getState().selected);
        if (!action) return;
        e.preventDefault();
        if (action.kind === "answer") session.inputs.answer(action.id, action.response);
        else session.inputs.refuse(action.id, action.error);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [controller, togglePalette]);
}
