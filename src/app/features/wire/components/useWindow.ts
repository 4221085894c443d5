import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { windowRange, type WindowRange } from "../utils/windowRange";

export interface WindowedList extends WindowRange {
  totalHeight: number;
  onScroll: () => void;
}

/**
 * A fixed-row-height window over a scroll container: only the rows in view are rendered. It follows
 * the tail (new rows scroll into view) while the user is at the bottom, and stops when they scroll up.
 * Without a measured height (jsdom, first paint) it assumes `fallbackHeight`.
 */
export function useWindow(ref: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan = 8, fallbackHeight = 320): WindowedList {
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(0);
  const atBottom = useRef(true);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    setHeight(el.clientHeight);
    if (typeof ResizeObserver === "undefined") return undefined;
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

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !atBottom.current) return;
    el.scrollTop = el.scrollHeight;
    setScrollTop(el.scrollTop);
  }, [ref, count]);

  const range = windowRange(scrollTop, height || fallbackHeight, rowHeight, count, overscan);
  return { ...range, totalHeight: count * rowHeight, onScroll };
}
