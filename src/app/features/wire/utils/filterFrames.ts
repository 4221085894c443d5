/**
 * The wire log's filter. Pure, and cheap enough for 100,000 frames per keystroke: a frame is tested
 * with at most one case-insensitive regex over its method and raw text, both kept on the entry (no
 * frame is parsed to filter). `extendFiltered` keeps a previous result when the log only grew, so an
 * append costs the new frames, not the whole log.
 */
import type { WireEntry } from "../wireStore";

export type DirectionFilter = "all" | "out" | "in";
/** The server's frames, the MCP Apps' messages (app <-> inspector), or both. */
export type SourceFilter = "all" | "server" | "apps";

export interface FrameFilter {
  /** Matches the method (sent or answered) or anywhere in the raw frame, ignoring case. */
  text: string;
  direction: DirectionFilter;
  /** Hides the catalog list calls and their responses (not roots/list: that is an input request). */
  hideLists: boolean;
  source: SourceFilter;
}

export const NO_FILTER: FrameFilter = { text: "", direction: "all", hideLists: false, source: "all" };

/** The catalog's list methods; any other `…/list` except roots/list counts too. */
export function isListMethod(method: string): boolean {
  return method.endsWith("/list") && method !== "roots/list";
}

export function isNoFilter(filter: FrameFilter): boolean {
  return filter.text.trim() === "" && filter.direction === "all" && !filter.hideLists && filter.source === "all";
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A predicate for one filter; build it once per filter, not once per frame. */
export function framePredicate(filter: FrameFilter): (entry: WireEntry) => boolean {
  const needle = filter.text.trim();
  const pattern = needle === "" ? undefined : new RegExp(escapeRegExp(needle), "i");
  return (entry) => {
    if (filter.direction !== "all" && entry.direction !== filter.direction) return false;
    if (filter.source !== "all" && (entry.app !== undefined) !== (filter.source === "apps")) return false;
    if (!filter.hideLists && pattern === undefined) return true;
    if (filter.hideLists && isListMethod(entry.method)) return false;
    return pattern === undefined || pattern.test(entry.method) || pattern.test(entry.raw);
  };
}

/** The entries that pass the filter, in order; the same array back when nothing filters. */
export function filterFrames(entries: readonly WireEntry[], filter: FrameFilter): readonly WireEntry[] {
  if (isNoFilter(filter)) return entries;
  return entries.filter(framePredicate(filter));
}

export interface FilterCache {
  entries: readonly WireEntry[];
  filter: FrameFilter;
  result: readonly WireEntry[];
}

function sameFilter(a: FrameFilter, b: FrameFilter): boolean {
  return a.text === b.text && a.direction === b.direction && a.hideLists === b.hideLists && a.source === b.source;
}

/** Where `entries` starts inside `old` when it is `old` minus some oldest frames plus new ones (the cap's slide). */
function overlapStart(old: readonly WireEntry[], entries: readonly WireEntry[]): number | undefined {
  const first = entries[0];
  const oldFirst = old[0];
  const oldLast = old[old.length - 1];
  if (!first || !oldFirst || !oldLast) return undefined;
  const k = first.seq - oldFirst.seq;
  if (k < 0 || k >= old.length || old[k] !== first) return undefined;
  const kept = old.length - k;
  return entries.length >= kept && entries[kept - 1] === oldLast ? k : undefined;
}

/**
 * Whether every frame `next` passes also passed `prev`: the same direction and list setting, and
 * text that contains the old text (typing on narrows a search). Then only the old matches need
 * testing, not the whole log.
 */
function narrows(prev: FrameFilter, next: FrameFilter): boolean {
  if (prev.direction !== next.direction || prev.hideLists !== next.hideLists || prev.source !== next.source) return false;
  // Literal containment: a match of the new text, compared character by character ignoring case,
  // then holds a match of the old text at the same offset.
  const before = prev.text.trim();
  return before !== "" && next.text.trim().includes(before);
}

/**
 * filterFrames, reusing `cache` when the filter is unchanged and the log only changed at its ends:
 * frames appended, and maybe the oldest dropped by the store's cap. A filter that narrows the
 * cached one, over the same log, tests only the cached matches. Anything else refilters.
 */
export function extendFiltered(cache: FilterCache | undefined, entries: readonly WireEntry[], filter: FrameFilter): FilterCache {
  if (isNoFilter(filter)) return { entries, filter, result: entries };
  if (cache && cache.entries === entries && !sameFilter(cache.filter, filter) && !isNoFilter(cache.filter) && narrows(cache.filter, filter)) {
    return { entries, filter, result: cache.result.filter(framePredicate(filter)) };
  }
  if (cache && sameFilter(cache.filter, filter)) {
    if (cache.entries === entries) return cache;
    const k = overlapStart(cache.entries, entries);
    if (k !== undefined) {
      const firstSeq = entries[0]?.seq ?? 0;
      let drop = 0;
      while (drop < cache.result.length && (cache.result[drop]?.seq ?? 0) < firstSeq) drop++;
      const tail = filterFrames(entries.slice(cache.entries.length - k), filter);
      const result = drop === 0 && tail.length === 0 ? cache.result : [...cache.result.slice(drop), ...tail];
      return { entries, filter, result };
    }
  }
  return { entries, filter, result: filterFrames(entries, filter) };
}
