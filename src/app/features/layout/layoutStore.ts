import { createStore } from "zustand/vanilla";
import { useStore } from "zustand";

/** Panel id to size in percent of its group, as react-resizable-panels reports it. */
export type PanelLayout = Record<string, number>;

/**
 * Where the user put the panels: each group's sizes (the page's workspace/wire-log split, and the
 * workspace's sidebar/centre/rounds split) and whether the wire log and the rounds panel are
 * collapsed. App-wide, one per page, kept in localStorage so a reload restores it.
 */
export interface LayoutState {
  groups: Record<string, PanelLayout>;
  wireCollapsed: boolean;
  roundsCollapsed: boolean;
  /** Bumped by reset, so the panel groups mount again with their default sizes. */
  epoch: number;
}

export const DEFAULT_LAYOUT: LayoutState = { groups: {}, wireCollapsed: false, roundsCollapsed: false, epoch: 0 };

export const LAYOUT_KEY = "presa.layout.v1";

function parseGroup(v: unknown): PanelLayout | undefined {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;
  const out: PanelLayout = {};
  let total = 0;
  for (const [k, n] of Object.entries(v as Record<string, unknown>).slice(0, 8)) {
    if (typeof n !== "number" || !Number.isFinite(n) || n < 0 || n > 100) return undefined;
    out[k] = n;
    total += n;
  }
  return Math.abs(total - 100) < 1 ? out : undefined;
}

/** What localStorage held, checked field by field: anything odd falls back to the default. */
export function parseLayout(text: string | null): LayoutState {
  if (!text) return DEFAULT_LAYOUT;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return DEFAULT_LAYOUT;
  }
  if (typeof raw !== "object" || raw === null) return DEFAULT_LAYOUT;
  const r = raw as Record<string, unknown>;
  const groups: Record<string, PanelLayout> = {};
  if (typeof r.groups === "object" && r.groups !== null) {
    for (const [id, g] of Object.entries(r.groups as Record<string, unknown>).slice(0, 8)) {
      const parsed = parseGroup(g);
      if (parsed) groups[id] = parsed;
    }
  }
  const flag = (v: unknown) => (typeof v === "boolean" ? v : false);
  return { groups, wireCollapsed: flag(r.wireCollapsed), roundsCollapsed: flag(r.roundsCollapsed), epoch: 0 };
}

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function createLayoutStore(store: Storage | undefined = storage()) {
  let initial = DEFAULT_LAYOUT;
  try {
    initial = parseLayout(store?.getItem(LAYOUT_KEY) ?? null);
  } catch {
    // Storage refused (private mode, quota): the defaults, not kept.
  }
  const layout = createStore<LayoutState>()(() => initial);
  layout.subscribe((s) => {
    try {
      store?.setItem(LAYOUT_KEY, JSON.stringify(s));
    } catch {
      // Not kept this time; the layout still works.
    }
  });
  return layout;
}

export const layoutStore = createLayoutStore();

/** Named actions: components call these, never setState. */
export const layoutActions = {
  setGroup(id: string, layout: PanelLayout): void {
    const parsed = parseGroup(layout);
    if (parsed) layoutStore.setState((s) => ({ groups: { ...s.groups, [id]: parsed } }));
  },
  setWireCollapsed(collapsed: boolean): void {
    if (collapsed !== layoutStore.getState().wireCollapsed) layoutStore.setState({ wireCollapsed: collapsed });
  },
  setRoundsCollapsed(collapsed: boolean): void {
    if (collapsed !== layoutStore.getState().roundsCollapsed) layoutStore.setState({ roundsCollapsed: collapsed });
  },
  reset(): void {
    layoutStore.setState((s) => ({ ...DEFAULT_LAYOUT, epoch: s.epoch + 1 }), true);
  },
};

export function useLayout<T>(selector: (s: LayoutState) => T): T {
  return useStore(layoutStore, selector);
}
