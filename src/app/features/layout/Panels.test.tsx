// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_LAYOUT, LIMITS, layoutActions, layoutStore } from "./layoutStore";
import { MainSplit, WorkspaceColumns } from "./Panels";

afterEach(cleanup);
beforeEach(() => layoutActions.reset());

describe("panels", () => {
  it("moves the wire log's separator with the arrow keys, Home and End, and collapses it with Enter", () => {
    render(<MainSplit main={<p>main</p>} wire={({ collapsed }) => <p>{collapsed ? "wire collapsed" : "wire open"}</p>} />);
    const sep = screen.getByRole("separator", { name: "Resize the wire log" });
    expect(sep.getAttribute("aria-valuenow")).toBe(String(DEFAULT_LAYOUT.wirePx));
    fireEvent.keyDown(sep, { key: "ArrowUp" });
    expect(layoutStore.getState().wirePx).toBe(DEFAULT_LAYOUT.wirePx + 16);
    fireEvent.keyDown(sep, { key: "ArrowDown", shiftKey: true });
    expect(layoutStore.getState().wirePx).toBe(DEFAULT_LAYOUT.wirePx + 16 - 64);
    fireEvent.keyDown(sep, { key: "End" });
    expect(layoutStore.getState().wirePx).toBe(LIMITS.wirePx.max);
    fireEvent.keyDown(sep, { key: "Home" });
    expect(layoutStore.getState().wirePx).toBe(LIMITS.wirePx.min);
    fireEvent.keyDown(sep, { key: "Enter" });
    expect(screen.getByText("wire collapsed")).toBeTruthy();
    expect(sep.getAttribute("aria-valuenow")).toBe("0");
    fireEvent.keyDown(sep, { key: "Enter" });
    expect(screen.getByText("wire open")).toBeTruthy();
  });

  it("on a short window folds the wire log while a question waits, without remembering it; opening it keeps it open for that question", () => {
    const matchMedia = window.matchMedia;
    const listeners = new Set<() => void>();
    window.matchMedia = ((query: string) => ({ matches: query.includes("max-height"), media: query, addEventListener: (_: string, f: () => void) => listeners.add(f), removeEventListener: (_: string, f: () => void) => listeners.delete(f) })) as unknown as typeof window.matchMedia;
    try {
      const wire = ({ collapsed, folded, onToggle }: { collapsed: boolean; folded: boolean; onToggle: () => void }) => (
        <button type="button" onClick={onToggle}>{`${collapsed ? "collapsed" : "open"}${folded ? " folded" : ""}`}</button>
      );
      const view = render(<MainSplit main={<p>main</p>} wire={wire} questionWaiting={false} />);
      expect(screen.getByRole("button", { name: "open" })).toBeTruthy();
      view.rerender(<MainSplit main={<p>main</p>} wire={wire} questionWaiting />);
      expect(screen.getByRole("button", { name: "collapsed folded" })).toBeTruthy();
      expect(layoutStore.getState().wireCollapsed).toBe(false);
      fireEvent.click(screen.getByRole("button", { name: "collapsed folded" }));
      expect(screen.getByRole("button", { name: "open" })).toBeTruthy();
      expect(layoutStore.getState().wireCollapsed).toBe(false);
      // The question answered and another arriving: it folds again.
      view.rerender(<MainSplit main={<p>main</p>} wire={wire} questionWaiting={false} />);
      view.rerender(<MainSplit main={<p>main</p>} wire={wire} questionWaiting />);
      expect(screen.getByRole("button", { name: "collapsed folded" })).toBeTruthy();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it("collapses the rounds panel to a button that opens it again", () => {
    render(<WorkspaceColumns sidebar={<p>side</p>} center={<p>centre</p>} rounds={<p>the rounds</p>} />);
    fireEvent.click(screen.getByRole("button", { name: "Hide the rounds panel" }));
    expect(screen.queryByText("the rounds")).toBeNull();
    expect(layoutStore.getState().roundsCollapsed).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Show the rounds panel" }));
    expect(screen.getByText("the rounds")).toBeTruthy();
    // Right arrow on the rounds separator narrows the rounds panel (it sits on the right).
    fireEvent.keyDown(screen.getByRole("separator", { name: "Resize the rounds panel" }), { key: "ArrowRight" });
    expect(layoutStore.getState().roundsPx).toBe(DEFAULT_LAYOUT.roundsPx - 16);
  });
});
