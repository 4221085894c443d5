import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { windowRange, windowSlots, type WindowRange } from "../utils/windowRange";

export interface WindowedList extends WindowRange {
  totalHeight: number;
  /** The most rows the window holds at this height (windowSlots): rows keyed by `index % slots` reuse their elements. */
  slots: number;
  onScroll: () => void;
}

/** Where the list is: the user's scroll position, and whether it follows the tail (it was at the bottom). */
interface Position {
  top: number;
  following: boolean;
}

/**
 * A fixed-row-height window over a scroll container: only the rows in view are rendered. It follows
 * the tail (new rows scroll into view) while the user is at the bottom, and stops when they scroll up.
 * Without a measured height (jsdom, before the observer's first report) it assumes `fallbackHeight`.
 *
 * No layout is read while React commits, and a batch of new rows costs one render: the height comes
 * from a ResizeObserver (its callback runs after the browser's own layout, so reading the size there
 * costs nothing), and the tail's position is worked out from the row count and that height, so the
 * render already shows the rows at the bottom and the layout effect only writes the scroll position
 * (no scrollHeight read, no second render with the rows the new position shows). The scroll event
 * that write causes is recognised and costs nothing; a user's scroll reads only scrollTop, as the
 * browser has laid the page out by the time it dispatches scroll events. Several logs on one page
 * then each add their rows to the frame's one layout instead of forcing layouts of their own.
 */
export function useWindow(ref: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan = 8, fallbackHeight = 320): WindowedList {
  const [position, setPosition] = useState<Position>({ top: 0, following: true });
  const [height, setHeight] = useState(0);
  // The container's scrollTop as last written or read here (a new container starts at 0), so the
  // tail is written only when it moved and a write's own scroll event is told from the user's.
  const scrolled = useRef(0);
  // What onScroll compares with: the list's height and the viewport's, as of the last commit.
  const layout = useRef({ total: 0, height: 0 });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return undefined;
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);

  const total = count * rowHeight;
  // Not measured yet (the observer's first report renders again): the list stays at its top.
  const top = position.following && height > 0 ? Math.max(0, total - height) : position.top;

  useLayoutEffect(() => {
    layout.current = { total, height };
    const el = ref.current;
    if (!el || !position.following || height === 0 || top === scrolled.current) return;
    scrolled.current = top;
    el.scrollTop = top;
  }, [ref, total, height, top, position.following]);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const now = el.scrollTop;
    if (now === scrolled.current) return;
    scrolled.current = now;
    const { total: full, height: seen } = layout.current;
    setPosition({ top: now, following: now + (seen || el.clientHeight) >= full - rowHeight });
  }, [ref, rowHeight]);

  const viewport = height || fallbackHeight;
  const range = windowRange(top, viewport, rowHeight, count, overscan);
  return { ...range, totalHeight: total, slots: windowSlots(viewport, rowHeight, overscan), onScroll };
}
