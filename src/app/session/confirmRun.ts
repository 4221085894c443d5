import { createStore } from "zustand/vanilla";
import { useStore } from "zustand";
import type { CallHandle, Controller } from "./controller";
import type { Selection } from "../stores/uiStore";
import { runSelection } from "./runSelection";
import { prefsStore } from "../features/prefs/prefsStore";
import { isDestructive } from "../lib/toolBadges";

export interface ConfirmState {
  /** A call to a tool marked destructive, held until the user says yes. */
  pending: { selection: Extract<Selection, { kind: "tool" }>; args: Record<string, unknown>; title: string } | undefined;
}

export const confirmStore = createStore<ConfirmState>()(() => ({ pending: undefined }));

export function useConfirm<T>(selector: (s: ConfirmState) => T): T {
  return useStore(confirmStore, selector);
}

/**
 * Runs the selected item, as the Run button and Ctrl/Cmd+Enter do, but holds a call to a tool the
 * server marks destructive until the user confirms it (unless switched off in the settings).
 */
export function requestRun(controller: Controller, selection: Selection, args: Record<string, unknown>): CallHandle | undefined {
  if (selection.kind === "tool" && prefsStore.getState().confirmDestructive) {
    const tool = controller.listedTool(selection.name);
    if (isDestructive(tool)) {
      confirmStore.setState({ pending: { selection, args, title: tool?.title ?? selection.name } });
      return undefined;
    }
  }
  return runSelection(controller, selection, args);
}

/** The user's answer to the held call: run it, or drop it. */
export function answerConfirm(controller: Controller, run: boolean): void {
  const pending = confirmStore.getState().pending;
  confirmStore.setState({ pending: undefined });
  if (run && pending) runSelection(controller, pending.selection, pending.args);
}
