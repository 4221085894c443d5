import { createStore } from "zustand/vanilla";
import { useStore } from "zustand";

/**
 * Where the user put the panels, in CSS pixels: the wire log's height, the sidebar's and the rounds
 * panel's widths, and whether the wire log and the rounds panel are collapsed. App-wide, one per
 * page, kept in localStorage so a reload restores it. The page clamps the sizes to the window it has.
 */
export interface LayoutState {
  wirePx: number;
  wireCollapsed: boolean;
  sidebarPx: number;
  roundsPx: number;
  roundsCollapsed: boolean;
}

export const LIMITS = {
  wirePx: { min: 110, max: 900 },
  sidebarPx: { min: 180, max: 560 },
  roundsPx: { min: 220, max: 900 },
} as const;

export type PanelSize = keyof typeof LIMITS;

export const DEFAULT_LAYOUT: LayoutState = { wirePx: 190, wireCollapsed: false, sidebarPx: 270, roundsPx: 340, roundsCollapsed: false };

export const LAYOUT_KEY = "presa.layout.v1";

export function clampSize(key: PanelSize, px: number): number {
  const { min, max } = LIMITS[key];
  return Math.round(Math.min(max, Math.max(min, px)));
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
  const size = (key: PanelSize) => {
    const v = r[key];
    return typeof v === "number" && Number.isFinite(v) ? clampSize(key, v) : DEFAULT_LAYOUT[key];
  };
  const flag = (v: unknown) => (typeof v === "boolean" ? v : false);
  return {
    wirePx: size("wirePx"),
    wireCollapsed: flag(r.wireCollapsed),
    sidebarPx: size("sidebarPx"),
    roundsPx: size("roundsPx"),
    roundsCollapsed: flag(r.roundsCollapsed),
  };
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
  resize(key: PanelSize, px: number): void {
    const next = clampSize(key, px);
    if (next !== layoutStore.getState()[key]) layoutStore.setState({ [key]: next } as Pick<LayoutState, PanelSize>);
  },
  setWireCollapsed(collapsed: boolean): void {
    if (collapsed !== layoutStore.getState().wireCollapsed) layoutStore.setState({ wireCollapsed: collapsed });
  },
  setRoundsCollapsed(collapsed: boolean): void {
    if (collapsed !== layoutStore.getState().roundsCollapsed) layoutStore.setState({ roundsCollapsed: collapsed });
  },
  reset(): void {
    layoutStore.setState(DEFAULT_LAYOUT, true);
  },
};

export function useLayout<T>(selector: (s: LayoutState) => T): T {
  return useStore(layoutStore, selector);
}
