import { describe, expect, it } from "vitest";
import { DEFAULT_LAYOUT, LAYOUT_KEY, LIMITS, createLayoutStore, parseLayout } from "./layoutStore";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe("layout store", () => {
  it("starts from the defaults when nothing (or something broken) is stored", () => {
    expect(parseLayout(null)).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout("{not json")).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout("[1,2]")).toEqual({ ...DEFAULT_LAYOUT });
    expect(parseLayout('"text"')).toEqual(DEFAULT_LAYOUT);
  });

  it("keeps valid fields, clamps sizes to their limits and drops the rest", () => {
    const parsed = parseLayout(JSON.stringify({ wirePx: 5, sidebarPx: 99999, roundsPx: "wide", wireCollapsed: true, roundsCollapsed: "yes", extra: 1 }));
    expect(parsed).toEqual({ wirePx: LIMITS.wirePx.min, sidebarPx: LIMITS.sidebarPx.max, roundsPx: DEFAULT_LAYOUT.roundsPx, wireCollapsed: true, roundsCollapsed: false });
  });

  it("writes every change to storage and reads it back in a new page", () => {
    const storage = memoryStorage();
    const first = createLayoutStore(storage);
    first.setState({ wirePx: 320, roundsCollapsed: true });
    const again = createLayoutStore(storage);
    expect(again.getState()).toMatchObject({ wirePx: 320, roundsCollapsed: true, sidebarPx: DEFAULT_LAYOUT.sidebarPx });
    expect(JSON.parse(storage.data.get(LAYOUT_KEY) ?? "{}")).toMatchObject({ wirePx: 320 });
  });

  it("works without storage, or with a storage that refuses", () => {
    const refusing = { getItem: () => { throw new Error("denied"); }, setItem: () => { throw new Error("quota"); } };
    const store = createLayoutStore(refusing);
    expect(store.getState()).toEqual(DEFAULT_LAYOUT);
    store.setState({ wirePx: 200 });
    expect(store.getState().wirePx).toBe(200);
    expect(createLayoutStore(undefined).getState()).toEqual(DEFAULT_LAYOUT);
  });
});
