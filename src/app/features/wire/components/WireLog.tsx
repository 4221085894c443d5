import { useCallback, useDeferredValue, useId, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useSession } from "../../../session/context";
import { formatCount } from "../../../lib/formatCount";
import type { WireEntry } from "../wireStore";
import { NO_FILTER, extendFiltered, isNoFilter, type FilterCache, type FrameFilter } from "../utils/filterFrames";
import { indexBySeq } from "../utils/windowRange";
import { LazyWireDetail } from "./LazyWireDetail";
import { WireList } from "./WireList";
import { WireToolbar } from "./WireToolbar";
import { turnedView, wireTurns } from "../utils/frameTurns";

const NONE: readonly WireEntry[] = [];

/** The filter over a growing log: appended frames are filtered alone, not the whole log again. */
function useFiltered(entries: readonly WireEntry[], filter: FrameFilter): readonly WireEntry[] {
  const cache = useRef<FilterCache | undefined>(undefined);
  return useMemo(() => {
    cache.current = extendFiltered(cache.current, entries, filter);
    return cache.current.result;
  }, [entries, filter]);
}

/**
 * Every JSON-RPC frame of the session, newest last, at the bottom of the page. In the app's layout its
 * panel owns the collapsed state (`collapsed`, `onToggle`: remembered across reloads); alone (a
 * recording) it keeps its own.
 */
export function WireLog({ collapsed, onToggle, folded = false }: { collapsed?: boolean; onToggle?: () => void; folded?: boolean } = {}) {
  const session = useSession();
  // The log as of this log's last turn at the screen (frameTurns: with several logs on the page, one
  // paints per animation frame; alone, it shows each change at once).
  const view = useMemo(() => turnedView(session.wire, wireTurns), [session.wire]);
  const { entries, dropped } = useSyncExternalStore(view.subscribe, view.getSnapshot);
  const [ownOpen, setOwnOpen] = useState(true);
  const open = collapsed === undefined ? ownOpen : !collapsed;
  const setOpen = (next: boolean) => (onToggle ? onToggle() : setOwnOpen(next));
  const [filter, setFilter] = useState<FrameFilter>(NO_FILTER);
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const deferred = useDeferredValue(filter);
  const shown = useFiltered(open ? entries : NONE, deferred);
  const bodyId = useId();
  const onSelect = useCallback((seq: number) => setSelected((s) => (s === seq ? undefined : seq)), []);
  const at = selected === undefined ? -1 : indexBySeq(entries, selected);
  const entry = at >= 0 ? entries[at] : undefined;
  return (
    <section className={`wire-log ${open ? "is-open" : "is-collapsed"}`} aria-label="Wire log">
      <header className="wire-head">
        <button type="button" className="link wire-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          {open ? "▾" : "▸"} Wire log
        </button>
        <span className="muted" data-testid="wire-count">
          {formatCount(entries.length)} frames
          {open && !isNoFilter(deferred) ? `, ${formatCount(shown.length)} shown` : ""}
          {dropped > 0 ? `, ${formatCount(dropped)} older dropped` : ""}
        </span>
        {folded && <span className="muted wire-folded">folded while a question waits, so it has the room</span>}
        {open && <WireToolbar filter={filter} onChange={setFilter} />}
        <button
          type="button"
          className="secondary small"
          onClick={() => {
            session.wire.clear();
            setSelected(undefined);
          }}
        >
          Clear
        </button>
      </header>
      {open && (
        <div className="wire-body" id={bodyId}>
          <WireList entries={shown} selected={selected} onSelect={onSelect} />
          {entry && <LazyWireDetail entry={entry} onClose={() => setSelected(undefined)} />}
        </div>
      )}
    </section>
  );
}
