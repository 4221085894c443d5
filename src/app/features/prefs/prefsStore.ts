import { createStore } from "zustand/vanilla";
import { useStore } from "zustand";

export type Theme = "system" | "light" | "dark";

/** The user's preferences for the page itself (not for a connection): kept in this browser. */
export interface PrefsState {
  theme: Theme;
  /** Ask before calling a tool whose annotations say it is destructive. */
  confirmDestructive: boolean;
}

export const PREFS_KEY = "presa.prefs.v1";
const DEFAULTS: PrefsState = { theme: "system", confirmDestructive: true };

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

function load(storage: Storage | undefined): PrefsState {
  try {
    const v: unknown = JSON.parse(storage?.getItem(PREFS_KEY) ?? "null");
    if (typeof v !== "object" || v === null) return DEFAULTS;
    const r = v as Record<string, unknown>;
    return {
      theme: r.theme === "light" || r.theme === "dark" ? r.theme : "system",
      confirmDestructive: r.confirmDestructive !== false,
    };
  } catch {
    return DEFAULTS;
  }
}

/** A store factory (tests make their own); the page's one is below, over localStorage. */
export function createPrefsStore(storage?: Storage) {
  const store = createStore<PrefsState>()(() => load(storage));
  return Object.assign(store, {
    set(patch: Partial<PrefsState>): void {
      store.setState(patch);
      try {
        storage?.setItem(PREFS_KEY, JSON.stringify(store.getState()));
      } catch {
        // storage full or disabled: the choice holds for this page
      }
    },
  });
}

/** This browser's storage, when the page may use it: a frame of another site is refused it (a SecurityError). */
function pageStorage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export const prefsStore = createPrefsStore(pageStorage());

export function usePrefs<T>(selector: (s: PrefsState) => T): T {
  return useStore(prefsStore, selector);
}

/**
 * Keeps `<html data-theme>` on the chosen theme ("system" removes it, so the colour scheme follows the
 * system through the stylesheet's media query); returns the unsubscribe.
 */
export function attachTheme(root: HTMLElement, store = prefsStore): () => void {
  const apply = (theme: Theme): void => {
    if (theme === "system") root.removeAttribute("data-theme");
    else root.setAttribute("data-theme", theme);
  };
  apply(store.getState().theme);
  return store.subscribe((s, old) => {
    if (s.theme !== old.theme) apply(s.theme);
  });
}
