import { createStore } from "zustand/vanilla";
import { useStore } from "zustand";
import type { Root } from "../../core";

export type Selection =
  | { kind: "tool"; name: string }
  | { kind: "resource"; uri: string }
  | { kind: "template"; uriTemplate: string }
  | { kind: "prompt"; name: string };

export interface UiState {
  tab: "tools" | "resources" | "prompts";
  selection: Selection | undefined;
  /** Argument drafts by selection key; kept across reconnects so a revision switch keeps the user's place. */
  drafts: Record<string, unknown>;
  /** The roots the client answers roots/list with; the user edits them. */
  roots: Root[];
  wireOpen: boolean;
}

export function selectionKey(s: Selection): string {
  switch (s.kind) {
    case "tool":
      return `tool:${s.name}`;
    case "prompt":
      return `prompt:${s.name}`;
    case "resource":
      return `resource:${s.uri}`;
    case "template":
      return `template:${s.uriTemplate}`;
  }
}

export const DEFAULT_ROOTS: Root[] = [
  { uri: "file:///home/user/projects/demo", name: "demo project" },
  { uri: "file:///home/user/notes", name: "notes" },
];

export function createUiStore() {
  return createStore<UiState>()(() => ({ tab: "tools", selection: undefined, drafts: {}, roots: DEFAULT_ROOTS, wireOpen: true }));
}

export const uiStore = createUiStore();

/** The UI store's named actions: components call these, never setState. */
export const uiActions = {
  /** Selects an item (and its tab, when given). */
  select(selection: Selection | undefined, tab?: UiState["tab"]): void {
    uiStore.setState(tab ? { selection, tab } : { selection });
  },
  setTab(tab: UiState["tab"]): void {
    uiStore.setState({ tab });
  },
  setDraft(key: string, value: unknown): void {
    uiStore.setState((s) => ({ drafts: { ...s.drafts, [key]: value } }));
  },
  setRoots(roots: Root[]): void {
    uiStore.setState({ roots });
  },
};

export function useUi<T>(selector: (s: UiState) => T): T {
  return useStore(uiStore, selector);
}
