import { useEffect, type ReactNode, type RefObject } from "react";
import { Group, Panel, Separator, usePanelRef, type PanelImperativeHandle } from "react-resizable-panels";
import { layoutActions, layoutStore, useLayout } from "./layoutStore";

const SCROLL = { overflow: "auto" } as const;

/** Height of the wire log's header: what is left of it when collapsed. */
export const WIRE_HEAD_PX = 34;
/** Width of the rounds panel when collapsed: its "Rounds" button. */
export const ROUNDS_COLLAPSED_PX = 30;

/** Collapses or expands a panel to match the remembered flag once it is mounted (a restored layout may disagree after a resize of the window). */
function useRestoreCollapsed(ref: RefObject<PanelImperativeHandle | null>, collapsed: boolean): void {
  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    if (collapsed && !panel.isCollapsed()) panel.collapse();
    // Only on mount: afterwards the panel reports its own state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref]);
}

function toggle(ref: RefObject<PanelImperativeHandle | null>): void {
  const panel = ref.current;
  if (!panel) return;
  if (panel.isCollapsed()) panel.expand();
  else panel.collapse();
}

/**
 * The page under the connection bar: the main view on top, the wire log below it. The split can be
 * dragged (or moved with the arrow keys on the separator), the wire log collapsed to its header,
 * and both are remembered (layoutStore, localStorage).
 */
export function MainSplit({ main, wire }: { main: ReactNode; wire?: (p: { collapsed: boolean; onToggle: () => void }) => ReactNode }) {
  const epoch = useLayout((s) => s.epoch);
  const wireCollapsed = useLayout((s) => s.wireCollapsed);
  const wireRef = usePanelRef();
  useRestoreCollapsed(wireRef, layoutStore.getState().wireCollapsed);
  if (!wire) return <div className="app-main">{main}</div>;
  return (
    <Group
      key={epoch}
      orientation="vertical"
      id="main"
      className="app-main"
      defaultLayout={layoutStore.getState().groups.main}
      onLayoutChanged={(layout) => layoutActions.setGroup("main", layout)}
    >
      <Panel id="work" minSize={200} className="pane pane-work">
        {main}
      </Panel>
      <Separator className="resize-handle resize-row" aria-label="Resize the wire log" />
      <Panel
        id="wire"
        panelRef={wireRef}
        className="pane pane-wire"
        defaultSize="24"
        minSize={110}
        collapsible
        collapsedSize={WIRE_HEAD_PX}
        onResize={() => layoutActions.setWireCollapsed(wireRef.current?.isCollapsed() ?? false)}
      >
        {wire({ collapsed: wireCollapsed, onToggle: () => toggle(wireRef) })}
      </Panel>
    </Group>
  );
}

/** The workspace's columns: catalog and history, the selected item and its call, the rounds. */
export function WorkspaceColumns({ sidebar, center, rounds }: { sidebar: ReactNode; center: ReactNode; rounds: ReactNode }) {
  const epoch = useLayout((s) => s.epoch);
  const roundsCollapsed = useLayout((s) => s.roundsCollapsed);
  const roundsRef = usePanelRef();
  useRestoreCollapsed(roundsRef, layoutStore.getState().roundsCollapsed);
  return (
    <Group
      key={epoch}
      orientation="horizontal"
      id="work"
      className="workspace-cols"
      defaultLayout={layoutStore.getState().groups.work}
      onLayoutChanged={(layout) => layoutActions.setGroup("work", layout)}
    >
      <Panel id="sidebar" defaultSize="20" minSize={180} maxSize="40" className="pane sidebar" style={SCROLL}>
        {sidebar}
      </Panel>
      <Separator className="resize-handle resize-col" aria-label="Resize the sidebar" />
      <Panel id="center" minSize={320} className="pane center" style={SCROLL} data-testid="center-pane">
        {center}
      </Panel>
      <Separator className="resize-handle resize-col" aria-label="Resize the rounds panel" />
      <Panel
        id="rounds"
        panelRef={roundsRef}
        defaultSize="28"
        minSize={220}
        collapsible
        collapsedSize={ROUNDS_COLLAPSED_PX}
        className={`pane timeline${roundsCollapsed ? " is-collapsed" : ""}`}
        style={roundsCollapsed ? undefined : SCROLL}
        onResize={() => layoutActions.setRoundsCollapsed(roundsRef.current?.isCollapsed() ?? false)}
      >
        {roundsCollapsed ? (
          <button type="button" className="pane-expand" aria-expanded={false} aria-label="Show the rounds panel" title="Show the rounds panel" onClick={() => toggle(roundsRef)}>
            Rounds
          </button>
        ) : (
          <>
            <button type="button" className="link pane-collapse" aria-expanded aria-label="Hide the rounds panel" title="Hide the rounds panel" onClick={() => toggle(roundsRef)}>
              ⇥
            </button>
            {rounds}
          </>
        )}
      </Panel>
    </Group>
  );
}
