import { useRef } from "react";
import type { WireEntry } from "../wireStore";
import { useWindow } from "./useWindow";
import { WireRow } from "./WireRow";

/** Height of one frame line, in px; the windowing depends on it being fixed. */
export const ROW_HEIGHT = 24;

/**
 * The frames as a windowed list: however many there are, only the visible rows exist in the DOM.
 * A row is keyed by its slot (index modulo the window's size), not by its frame: when the window
 * moves, the rows that leave give their elements to the rows that come in, and React changes their
 * text in place. A log taking 100 frames a frame replaces every visible row each frame; new elements
 * for them would each be styled and laid out from nothing, several logs side by side over again.
 */
export function WireList({ entries, selected, onSelect }: { entries: readonly WireEntry[]; selected: number | undefined; onSelect: (seq: number) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const { start, end, totalHeight, slots, onScroll } = useWindow(ref, entries.length, ROW_HEIGHT);
  const rows = [];
  for (let i = start; i < end; i++) {
    const entry = entries[i];
    if (!entry) continue;
    rows.push(
      <WireRow key={i % slots} entry={entry} index={i} count={entries.length} top={i * ROW_HEIGHT} height={ROW_HEIGHT} selected={entry.seq === selected} onSelect={onSelect} />,
    );
  }
  return (
    <div className="wire-scroll" ref={ref} onScroll={onScroll} tabIndex={0} aria-label="Frames, scrollable">
      {entries.length === 0 ? (
        <p className="muted wire-empty">No frames match.</p>
      ) : (
        <ol className="wire-rows" aria-label="Frames" style={{ height: totalHeight }}>
          {rows}
        </ol>
      )}
    </div>
  );
}
