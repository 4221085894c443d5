/**
 * The rows a fixed-height windowed list renders: those in view plus `overscan` on each side. Pure,
 * so the list's one piece of arithmetic is tested without a layout engine.
 */
export interface WindowRange {
  /** First row index rendered. */
  start: number;
  /** One past the last row index rendered. */
  end: number;
}

export function windowRange(scrollTop: number, viewportHeight: number, rowHeight: number, count: number, overscan: number): WindowRange {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const start = Math.max(0, Math.min(first, count - visible) - overscan);
  const end = Math.min(count, first + visible + overscan);
  return { start, end: Math.max(end, Math.min(count, start + visible)) };
}

/**
 * The most rows a window over `viewportHeight` holds (windowRange never returns more). Row i can be
 * keyed by `i % windowSlots(...)`: the keys in one window are then distinct, a row keeps its key while
 * it stays in the window, and a row that leaves hands its element to the one that comes in.
 */
export function windowSlots(viewportHeight: number, rowHeight: number, overscan: number): number {
  return rowHeight <= 0 ? 1 : Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1 + 2 * overscan;
}

/** Index of the entry with sequence number `seq` in a list sorted by seq; -1 when absent. */
export function indexBySeq(entries: readonly { seq: number }[], seq: number): number {
  let lo = 0;
  let hi = entries.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = entries[mid]?.seq ?? 0;
    if (s === seq) return mid;
    if (s < seq) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
