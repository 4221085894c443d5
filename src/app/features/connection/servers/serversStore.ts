import { createStore } from "zustand/vanilla";
import { isObject } from "../../../../core";
import { moveEntry, readEntry, storedForm, uniqueName, type ServerEntry } from "../../../stores/serverEntry";

export const SERVERS_KEY = "presa.servers.v1";

/** The list as it is written down: localStorage in the page, the servers file through the bridge. */
export interface ServersFile {
  version: 1;
  lastUsed?: string;
  servers: ServerEntry[];
}

export interface ServersState {
  /** In the user's order; in memory with every value typed this page, written down without secrets unless remembered. */
  entries: ServerEntry[];
  /** The entry connected last: the app opens on it. */
  lastUsed: string | undefined;
  /** Why the bridge's servers file could not be read or written, in words. */
  fileError?: string | undefined;
}

/** Reads a stored list (localStorage or the servers file); anything unreadable is dropped rather than trusted. */
export function readServersFile(value: unknown): { entries: ServerEntry[]; lastUsed: string | undefined } {
  if (!isObject(value) || !Array.isArray(value.servers)) return { entries: [], lastUsed: undefined };
  const entries: ServerEntry[] = [];
  for (const raw of value.servers) {
    const entry = readEntry(raw);
    if (entry && !entries.some((e) => e.id === entry.id)) entries.push(entry);
  }
  const lastUsed = typeof value.lastUsed === "string" && entries.some((e) => e.id === value.lastUsed) ? value.lastUsed : undefined;
  return { entries, lastUsed };
}

/** What is written down: each entry in its stored form (see storedForm). */
export function toServersFile(state: ServersState): ServersFile {
  return { version: 1, ...(state.lastUsed ? { lastUsed: state.lastUsed } : {}), servers: state.entries.map(storedForm) };
}

let counter = 0;
function newId(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  return uuid ?? `s${Date.now().toString(36)}${(++counter).toString(36)}`;
}

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

function load(storage: Storage | undefined): ServersState {
  try {
    return readServersFile(JSON.parse(storage?.getItem(SERVERS_KEY) ?? "null"));
  } catch {
    return { entries: [], lastUsed: undefined };
  }
}

/**
 * The saved servers (app-wide, one per page): kept in `storage` (localStorage in the app) after every
 * change, and handed to `onChange` (the servers file, when the bridge runs).
 */
export function createServersStore(storage?: Storage) {
  const store = createStore<ServersState>()(() => load(storage));
  const listeners = new Set<(file: ServersFile) => void>();
  const save = (next: Partial<ServersState>): void => {
    store.setState(next);
    const file = toServersFile(store.getState());
    try {
      storage?.setItem(SERVERS_KEY, JSON.stringify(file));
    } catch {
      // storage full or disabled: the list still works for this page
    }
    for (const l of listeners) l(file);
  };
  const entries = () => store.getState().entries;
  const names = () => entries().map((e) => e.name);
  return Object.assign(store, {
    /** Adds an entry at the end (its name made unique); returns its id. */
    add(entry: Omit<ServerEntry, "id">): string {
      const id = newId();
      save({ entries: [...entries(), { ...entry, id, name: uniqueName(entry.name, names()) }] });
      return id;
    },
    /** Adds several (an import), each with a unique name; returns their ids. */
    addAll(list: readonly Omit<ServerEntry, "id">[]): string[] {
      const out = [...entries()];
      const ids: string[] = [];
      for (const entry of list) {
        const id = newId();
        ids.push(id);
        out.push({ ...entry, id, name: uniqueName(entry.name, out.map((e) => e.name)) });
      }
      save({ entries: out });
      return ids;
    },
    update(id: string, patch: Partial<Omit<ServerEntry, "id">>): void {
      const others = entries().filter((e) => e.id !== id).map((e) => e.name);
      save({ entries: entries().map((e) => (e.id === id ? { ...e, ...patch, id, name: patch.name !== undefined ? uniqueName(patch.name, others) : e.name } : e)) });
    },
    /** A copy right after the original, named "… (copy)"; returns its id. */
    clone(id: string): string | undefined {
      const list = entries();
      const i = list.findIndex((e) => e.id === id);
      const original = list[i];
      if (!original) return undefined;
      const copy: ServerEntry = { ...structuredClone(original), id: newId(), name: uniqueName(`${original.name} (copy)`, names()) };
      save({ entries: [...list.slice(0, i + 1), copy, ...list.slice(i + 1)] });
      return copy.id;
    },
    remove(id: string): void {
      const lastUsed = store.getState().lastUsed === id ? undefined : store.getState().lastUsed;
      save({ entries: entries().filter((e) => e.id !== id), lastUsed });
    },
    /** Moves an entry up (-1) or down (+1). */
    move(id: string, by: number): void {
      save({ entries: moveEntry(entries(), entries().findIndex((e) => e.id === id), by) });
    },
    markUsed(id: string): void {
      if (store.getState().lastUsed !== id) save({ lastUsed: id });
    },
    /**
     * Takes a list read elsewhere (the servers file): its entries replace ours by id, keeping the
     * values typed in this page where the file has them blank; entries only here are kept.
     */
    merge(file: { entries: ServerEntry[]; lastUsed: string | undefined }): void {
      const mine = new Map(entries().map((e) => [e.id, e]));
      const merged = file.entries.map((e) => {
        const here = mine.get(e.id);
        return here && JSON.stringify(storedForm(here)) === JSON.stringify(storedForm(e)) ? here : e;
      });
      const onlyHere = entries().filter((e) => !file.entries.some((f) => f.id === e.id));
      const next = { ...store.getState(), entries: [...merged, ...onlyHere], lastUsed: store.getState().lastUsed ?? file.lastUsed };
      // The usual read at start: the file and this page already agree, so nothing changes, and
      // nothing is stored or written back to the file (which would rewrite it on every page load).
      const written = JSON.stringify(toServersFile(next));
      if (written === JSON.stringify(toServersFile(store.getState())) && written === JSON.stringify(toServersFile({ ...next, ...file }))) return;
      save(next);
    },
    /** Called with what is written down after every change; returns the unsubscribe. */
    onSave(listener: (file: ServersFile) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: (id: string): ServerEntry | undefined => entries().find((e) => e.id === id),
  });
}

export type ServersStore = ReturnType<typeof createServersStore>;
