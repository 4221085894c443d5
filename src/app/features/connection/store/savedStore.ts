import { createStore } from "zustand/vanilla";
import type { SavedServer } from "../../../stores/mcpConfig";
import { loadRecent, remember, saveRecent } from "../../../stores/recent";

export interface SavedState {
  /** Remembered in localStorage, without secret values. */
  recent: SavedServer[];
  /** From an imported mcp.json: kept in memory only, values included. */
  imported: SavedServer[];
}

/** Saved connections; `storage` is localStorage in the app, a stub (or nothing) in tests. */
export function createSavedStore(storage?: Pick<Storage, "getItem" | "setItem">) {
  const store = createStore<SavedState>()(() => ({ recent: loadRecent(storage), imported: [] }));
  return Object.assign(store, {
    remember(server: SavedServer): void {
      const recent = remember(store.getState().recent, server);
      saveRecent(storage, recent);
      store.setState({ recent });
    },
    forget(index: number): void {
      const recent = store.getState().recent.filter((_, i) => i !== index);
      saveRecent(storage, recent);
      store.setState({ recent });
    },
    setImported(servers: SavedServer[]): void {
      store.setState({ imported: servers });
    },
  });
}

export type SavedStore = ReturnType<typeof createSavedStore>;
