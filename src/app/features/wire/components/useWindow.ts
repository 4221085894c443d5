import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { windowRange, type WindowRange } from "../utils/windowRange";

export interface WindowedList extends WindowRange {
  totalHeight: number;
  onScroll: () => void;
}

/**
 * A fixed-row-height window over a scroll container: only the rows in view are rendered. It follows
 * the tail (new rows scroll into view) while the user is at the bottom, and stops when they scroll up.
 * Without a measured height (jsdom, before the observer's first report) it assumes `fallbackHeight`.
 *
 * No layout is read while React commits: the height comes from a ResizeObserver (its callback runs
 * after the browser's own layout, so reading the size there costs nothing), and following the tail
 * only touches the scroll position once the rows overflow the measured height. A page's first render
 * is then laid out once, by the browser, instead of forced in the middle of the commit.
 */
export function useWindow(ref: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan = 8, fallbackHeight = 320): WindowedList {
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(0);
  const atBottom = useRef(true);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return undefined;
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setScrollTop(el.scrollTop);
    atBottom.current = el.scrollTop + el.clientHeight >= el.scrollHeight - rowHeight;
  }, [ref, rowHeight]);

  // Not measured yet: the observer's first report runs this again. Rows that fit, with the list at its
  // top, need no scrolling: nothing is read or written then. (scrollTop is left out of the deps on
  // purpose: this follows new rows and a new height, not the user's scrolling.)
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !atBottom.current || height === 0 || (count * rowHeight <= height && scrollTop === 0)) return;
    el.scrollTop = el.scrollHeight;
    setScrollTop(el.scrollTop);
  }, [ref, count, height, rowHeight]);

  const range = windowRange(scrollTop, height || fallbackHeight, rowHeight, count, overscan);
  return { ...range, totalHeight: count * rowHeight, onScroll };
}
