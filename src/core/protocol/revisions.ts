/** Protocol revisions this project speaks, oldest first (spec: "Versioning"). */
export const REVISIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"] as const;

export type Revision = (typeof REVISIONS)[number];

/** "legacy" revisions open with `initialize`; "modern" ones carry `_meta` on every request (SEP-2575). */
export type Era = "legacy" | "modern";

/** The first revision without `initialize`; every later dated revision is modern too. */
export const FIRST_MODERN: Revision = "2026-07-28";

export const LATEST: Revision = "2026-07-28";

/** Revisions newest first: the order in which a client offers them. */
export const REVISIONS_NEWEST_FIRST: readonly Revision[] = [...REVISIONS].reverse();

export function isRevision(value: unknown): value is Revision {
  return typeof value === "string" && (REVISIONS as readonly string[]).includes(value);
}

/** Dated revisions compare as strings; anything from 2026-07-28 on is stateless. */
export function eraOf(revision: string): Era {
  return revision >= FIRST_MODERN ? "modern" : "legacy";
}

/** Orders a list of revisions newest first, dropping duplicates and unknown names. */
export function newestFirst(revisions: readonly string[]): Revision[] {
  return [...new Set(revisions)].filter(isRevision).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
}

/** The newest revision both sides support, or undefined when they share none. */
export function bestMutual(ours: readonly string[], theirs: readonly string[]): Revision | undefined {
  const set = new Set(theirs);
  return newestFirst(ours).find((r) => set.has(r));
}

/** Elicitation exists from 2025-06-18; URL mode and multi-select from 2025-11-25. */
export function hasElicitation(revision: string): boolean {
  return revision >= "2025-06-18";
}

export function hasUrlElicitation(revision: string): boolean {
  return revision >= "2025-11-25";
}

/** The MCP-Protocol-Version header is sent after initialize from 2025-06-18 (and on every POST when modern). */
export function sendsVersionHeader(revision: string): boolean {
  return revision >= "2025-06-18";
}
