import { useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { LIMITS, layoutActions, layoutStore, useLayout, type PanelSize } from "./layoutStore";

/** Height of the wire log's header: what is left of it when collapsed. */
export const WIRE_HEAD_PX = 34;
/** Width of the rounds panel when collapsed: its "Rounds" button. */
export const ROUNDS_COLLAPSED_PX = 30;
/**
 * Below this window height the wire log folds to its header while a question waits: at 768 px its
 * usual 200 px would leave the card about 500, less than two URL cards or a sampling card need.
 */
export const SHORT_WINDOW_PX = 900;
const SHORT_QUERY = `(max-height: ${SHORT_WINDOW_PX - 1}px)`;

function subscribeShort(onChange: () => void): () => void {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return () => {};
  const query = window.matchMedia(SHORT_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the window is short (matchMedia, so a resize re-renders only when it crosses the line). */
function useShortWindow(): boolean {
  return useSyncExternalStore(
    subscribeShort,
    () => typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(SHORT_QUERY).matches,
    () => false,
  );
}

/** Arrow keys move a separator this far; with Shift, four times as far. */
const KEY_STEP = 16;

/**
 * A window splitter (WAI-ARIA: a focusable separator with its value): drag it, or use the arrow
 * keys (Shift: bigger steps), Home/End for the smallest and largest size, Enter to collapse or expand.
 * `sign` is +1 when dragging right/down grows the panel, -1 when it shrinks it.
 */
function Splitter({
  label,
  size,
  orientation,
  sign,
  collapsed,
  onToggle,
}: {
  label: string;
  size: PanelSize;
  orientation: "horizontal" | "vertical";
  sign: 1 | -1;
  collapsed?: boolean;
  onToggle?: () => void;
}) {
  const drag = useRef<{ start: number; from: number } | undefined>(undefined);
  const value = useLayout((s) => s[size]);
  const { min, max } = LIMITS[size];
  const along = (e: PointerEvent) => (orientation === "vertical" ? e.clientX : e.clientY);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    // Dragging a collapsed panel's edge opens it from its smallest size.
    const from = collapsed ? min : layoutStore.getState()[size];
    if (collapsed) onToggle?.();
    drag.current = { start: along(e), from };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    layoutActions.resize(size, drag.current.from + sign * (along(e) - drag.current.start));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = undefined;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? KEY_STEP * 4 : KEY_STEP;
    const grow: Record<string, number> = orientation === "vertical" ? { ArrowRight: sign, ArrowLeft: -sign } : { ArrowDown: sign, ArrowUp: -sign };
    const dir = grow[e.key];
    if (dir !== undefined) layoutActions.resize(size, value + dir * step);
    else if (e.key === "Home") layoutActions.resize(size, min);
    else if (e.key === "End") layoutActions.resize(size, max);
    else if (e.key === "Enter" && onToggle) onToggle();
    else return;
    e.preventDefault();
    if (dir !== undefined && collapsed) onToggle?.();
  };
  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-orientation={orientation}
      aria-valuenow={collapsed ? 0 : value}
      aria-valuemin={min}
      aria-valuemax={max}
      className={`resize-handle ${orientation === "vertical" ? "resize-col" : "resize-row"}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onDoubleClick={onToggle}
    />
  );
}

/**
 * The page under the connection bar: the main view on top, the wire log below it. The split can be
 * dragged (or moved with the arrow keys on the separator), the wire log collapsed to its header,
 * and both are remembered (layoutStore, localStorage). The top keeps at least 200 px whatever the
 * stored height.
 *
 * On a short window, while `questionWaiting`, the wire log folds to its header so the question has
 * the room: the fold is not remembered, it lifts when the question is answered, and opening the log
 * during the question keeps it open until then.
 */
export function MainSplit({
  main,
  wire,
  questionWaiting = false,
}: {
  main: ReactNode;
  wire?: (p: { collapsed: boolean; onToggle: () => void; folded: boolean }) => ReactNode;
  questionWaiting?: boolean;
}) {
  const wirePx = useLayout((s) => s.wirePx);
  const stored = useLayout((s) => s.wireCollapsed);
  const short = useShortWindow();
  const [openedAnyway, setOpenedAnyway] = useState(false);
  useEffect(() => {
    if (!questionWaiting) setOpenedAnyway(false);
  }, [questionWaiting]);
  const folded = !stored && short && questionWaiting && !openedAnyway;
  const collapsed = stored || folded;
  if (!wire) return <div className="app-main">{main}</div>;
  const onToggle = () => (folded ? setOpenedAnyway(true) : layoutActions.setWireCollapsed(!layoutStore.getState().wireCollapsed));
  const style = { gridTemplateRows: `minmax(0, 1fr) 4px ${collapsed ? `${WIRE_HEAD_PX}px` : `min(${wirePx}px, calc(100% - 204px))`}` } as CSSProperties;
  return (
    <div className="app-main split-rows" style={style} data-wire-collapsed={collapsed}>
      <div className="pane pane-work">{main}</div>
      {/* A landmark around the wire log and its handle (display: contents keeps both in the grid). */}
      <section className="wire-panel" aria-label="Frames on the wire">
        <Splitter label="Resize the wire log" size="wirePx" orientation="horizontal" sign={-1} collapsed={collapsed} onToggle={onToggle} />
        <div className="pane pane-wire" data-testid="wire-pane">
          {wire({ collapsed, onToggle, folded })}
        </div>
      </section>
    </div>
  );
}

/** The workspace's columns: catalog and history, the selected item and its call, the rounds. */
export function WorkspaceColumns({ sidebar, center, rounds }: { sidebar: ReactNode; center: ReactNode; rounds: ReactNode }) {
  const sidebarPx = useLayout((s) => s.sidebarPx);
  const roundsPx = useLayout((s) => s.roundsPx);
  const collapsed = useLayout((s) => s.roundsCollapsed);
  const onToggle = () => layoutActions.setRoundsCollapsed(!layoutStore.getState().roundsCollapsed);
  // On a narrow window the side columns give way (at most a quarter and a third of it), so the centre keeps room.
  const roundsColumn = collapsed ? `${ROUNDS_COLLAPSED_PX}px` : `min(${roundsPx}px, 34vw)`;
  const style = { gridTemplateColumns: `min(${sidebarPx}px, 25vw) 4px minmax(320px, 1fr) 4px ${roundsColumn}` } as CSSProperties;
  return (
    <main className="workspace-cols" style={style} aria-label="Workspace">
      <div className="pane sidebar">{sidebar}</div>
      <Splitter label="Resize the sidebar" size="sidebarPx" orientation="vertical" sign={1} />
      <div className="pane center" data-testid="center-pane">
        {center}
      </div>
      <Splitter label="Resize the rounds panel" size="roundsPx" orientation="vertical" sign={-1} collapsed={collapsed} onToggle={onToggle} />
      <div className={`pane timeline${collapsed ? " is-collapsed" : ""}`} data-testid="rounds-pane">
        {collapsed ? (
          <button type="button" className="pane-expand" aria-expanded={false} aria-label="Show the rounds panel" title="Show the rounds panel" onClick={onToggle}>
            Rounds
          </button>
        ) : (
          <>
            <button type="button" className="link pane-collapse" aria-expanded aria-label="Hide the rounds panel" title="Hide the rounds panel" onClick={onToggle}>
              ⇥
            </button>
            {rounds}
          </>
        )}
      </div>
    </main>
  );
}
