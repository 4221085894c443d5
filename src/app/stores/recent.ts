import type { HeaderRow } from "./connectionStore";
import type { SavedServer } from "./mcpConfig";
import { targetKey } from "./targets";

/** Recent connections kept in the browser. */
export const MAX_RECENT = 10;
export const RECENT_KEY = "presa.recentConnections.v1";

/** Names whose values are credentials: never written to localStorage. */
const SECRET_NAME = /authorization|cookie|token|secret|password|passwd|api[-_]?key|apikey|private|credential|session|^key$|_key$|-key$/i;

export function looksSecret(name: string): boolean {
  return SECRET_NAME.test(name.trim());
}

function blankSecrets(rows: readonly HeaderRow[]): HeaderRow[] {
  return rows.map((row) => (looksSecret(row.name) ? { name: row.name, value: "" } : row));
}

function blankSecretParams(url: string): string {
  try {
    const parsed = new URL(url);
    let changed = false;
    for (const name of [...parsed.searchParams.keys()]) {
      if (looksSecret(name)) {
        parsed.searchParams.set(name, "");
        changed = true;
      }
    }
    return changed ? parsed.href : url;
  } catch {
    return url;
  }
}

/**
 * What may be stored: the same server with the values of Authorization-like headers, secret-looking
 * environment variables and URL parameters left empty (their names stay, so the user sees what to
 * fill in again).
 */
export function withoutSecrets(server: SavedServer): SavedServer {
  const t = server.target;
  if (t.kind === "stdio") return { name: server.name, target: { ...t, env: blankSecrets(t.env) } };
  return { name: server.name, target: { ...t, url: blankSecretParams(t.url), headers: blankSecrets(t.headers) } };
}

/** Puts a connection first in the recent list, without its secrets and without duplicates. */
export function remember(list: readonly SavedServer[], server: SavedServer, max = MAX_RECENT): SavedServer[] {
  const clean = withoutSecrets(server);
  const key = targetKey(clean.target);
  return [clean, ...list.filter((s) => targetKey(s.target) !== key)].slice(0, max);
}

/** Reads the stored list; anything unreadable is dropped rather than trusted. */
export function loadRecent(storage: Pick<Storage, "getItem"> | undefined): SavedServer[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(RECENT_KEY) ?? "[]");
    if (!Array.isArray(value)) return [];
    return value.filter(
      (s): s is SavedServer =>
        typeof s === "object" && s !== null && typeof s.name === "string" && typeof s.target === "object" && s.target !== null && ["url", "bridge-http", "stdio"].includes(s.target.kind),
    ).map(withoutSecrets);
  } catch {
    return [];
  }
}

export function saveRecent(storage: Pick<Storage, "setItem"> | undefined, list: readonly SavedServer[]): void {
  try {
    storage?.setItem(RECENT_KEY, JSON.stringify(list.map(withoutSecrets)));
  } catch {
    // storage full or disabled: recents are a convenience
  }
}
