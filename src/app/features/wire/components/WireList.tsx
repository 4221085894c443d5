import { useRef } from "react";
import type { WireEntry } from "../wireStore";
import { useWindow } from "./useWindow";
import { WireRow } from "./WireRow";

/** Height of one frame line, in px; the windowing depends on it being fixed. */
export const ROW_HEIGHT = 24;

/** The frames as a windowed list: however many there are, only the visible rows exist in the DOM. */
export function WireList({ entries, selected, onSelect }: { entries: readonly WireEntry[]; selected: number | undefined; onSelect: (seq: number) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const { start, end, totalHeight, onScroll } = useWindow(ref, entries.length, ROW_HEIGHT);
  const rows = [];
  for (let i = start; i < end; i++) {
    const entry = entries[i];
    if (!entry) continue;
    rows.push(
      <WireRow key={entry.seq} entry={entry} index={i} count={entries.length} top={i * ROW_HEIGHT} height={ROW_HEIGHT} selected={entry.seq === selected} onSelect={onSelect} />,
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
