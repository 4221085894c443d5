// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Controller } from "../../../session/controller";
import { brokenFrame, notificationFrame, requestFrame, resultFrame, wireFrame } from "../../../../../test/support/recording/builders";
import { renderWithController } from "../../../../../test/support/app/renderWithController";
import type { WireEntry } from "../wireStore";
import { WireLog } from "./WireLog";

afterEach(cleanup);

function withSeq(entries: WireEntry[]): WireEntry[] {
  return entries.map((e, i) => ({ ...e, seq: i + 1 }));
}

function show(entries: WireEntry[]): Controller {
  const { controller } = renderWithController(<WireLog />);
  act(() => controller.session.wire.setState({ entries: withSeq(entries), cap: Math.max(entries.length, 10), dropped: 0 }));
  return controller;
}

const rows = () => within(screen.getByRole("list", { name: "Frames" })).queryAllByRole("listitem");

const small = [
  requestFrame(1, "tools/list"),
  resultFrame(1, "tools/list", { tools: [] }, 12),
  requestFrame(2, "tools/call", { name: "two-steps" }),
  resultFrame(2, "tools/call", { resultType: "input_required", requestState: "p2.abc" }, 40),
  notificationFrame("notifications/progress"),
  brokenFrame('{"jsonrpc":"2.0", <b>broken</b>', "Unexpected token <"),
];

describe("WireLog", () => {
  it("renders only the visible rows of 100,000 frames", () => {
    const many: WireEntry[] = [];
    for (let i = 0; i < 100_000; i++) many.push(i % 2 ? resultFrame(i, "tools/call", {}, 3) : requestFrame(i, "tools/call"));
    const started = performance.now();
    show(many);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(screen.getByTestId("wire-count").textContent).toMatch(/100,000 frames/);
    expect(rows().length).toBeGreaterThan(5);
    expect(rows().length).toBeLessThan(60);
    expect(rows()[0]?.getAttribute("aria-setsize")).toBe("100000");
  });

  it("shows direction, method answered, id, latency, size and a parse error marker", () => {
    show(small);
    const [req, res, , , , broken] = rows();
    expect(within(req as HTMLElement).getByLabelText("sent").textContent).toBe("→");
    expect(req?.textContent).toMatch(/tools\/list.*#1/);
    expect(within(res as HTMLElement).getByLabelText("received").textContent).toBe("←");
    expect(res?.textContent).toMatch(/tools\/list#1result12 ms/);
    expect(res?.textContent).toMatch(/\d\d:\d\d:\d\d\.\d{3}/);
    expect(within(broken as HTMLElement).getByText("parse error")).toBeTruthy();
    expect(document.querySelector("b")).toBeNull();
  });

  it.each([
    ["text over method and raw", { text: "input_required" }, 1],
    ["direction", { direction: "in" }, 4],
    ["hide list calls", { hideLists: true }, 4],
  ])("filters by %s", (_name, change, count) => {
    show(small);
    if ("text" in change) fireEvent.change(screen.getByLabelText("Filter frames"), { target: { value: change.text } });
    if ("direction" in change) fireEvent.change(screen.getByLabelText("Direction"), { target: { value: change.direction } });
    if ("hideLists" in change) fireEvent.click(screen.getByLabelText("hide list calls"));
    expect(rows()).toHaveLength(count);
    expect(screen.getByTestId("wire-count").textContent).toMatch(new RegExp(`${count} shown`));
  });

  it("expands a frame to pretty JSON, broken frames as raw text", async () => {
    show(small);
    fireEvent.click(within(rows()[2] as HTMLElement).getByRole("button", { expanded: false }));
    // The detail's code is a lazy chunk (LazyWireDetail.tsx): it comes on the first open.
    const detail = await screen.findByRole("complementary", { name: "Frame" });
    expect(within(detail).getByLabelText("Frame body").textContent).toContain('\n  "method": "tools/call"');
    fireEvent.click(within(rows()[5] as HTMLElement).getByRole("button", { expanded: false }));
    expect(within(screen.getByRole("complementary", { name: "Frame" })).getByLabelText("Frame body").textContent).toBe('{"jsonrpc":"2.0", <b>broken</b>');
    expect(screen.getByText(/Could not parse: Unexpected token </)).toBeTruthy();
  });

  it("copies a frame's raw text, clears, and collapses", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const controller = show(small);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy frame 3" })));
    expect(writeText).toHaveBeenCalledWith(small[2]?.raw);

    fireEvent.click(screen.getByRole("button", { name: /Wire log/ }));
    expect(screen.queryByRole("list", { name: "Frames" })).toBeNull();
    expect(screen.getByRole("button", { name: /Wire log/ }).getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: /Wire log/ }));

    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(controller.session.wire.getState().entries).toEqual([]);
    expect(screen.getByText("No frames match.")).toBeTruthy();
  });

  it("keeps up with appends (batched on a microtask)", async () => {
    const controller = show(small);
    await act(async () => controller.session.wire.append(wireFrame("out", { jsonrpc: "2.0", id: 99, method: "ping" }), 1));
    expect(rows()).toHaveLength(small.length + 1);
  });
});
