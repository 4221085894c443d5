// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Profiler } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Controller } from "../../../session/controller";
import { ControllerProvider, SessionProvider } from "../../../session/context";
import { createSession } from "../../../session/session";
import { brokenFrame, notificationFrame, requestFrame, resultFrame, wireFrame } from "../../../../../test/support/recording/builders";
import { createTestController, renderWithController } from "../../../../../test/support/app/renderWithController";
import type { WireEntry } from "../wireStore";
import { WireLog } from "./WireLog";

afterEach(cleanup);

function withSeq(entries: WireEntry[]): WireEntry[] {
  return entries.map((e, i) => ({ ...e, seq: i + 1 }));
}

/** A log's changes render in a task of its own (ownTask.ts): one task later, the log shows them. */
const nextTask = () => act(() => new Promise<void>((done) => setTimeout(done, 0)));

async function show(entries: WireEntry[]): Promise<Controller> {
  const { controller } = renderWithController(<WireLog />);
  act(() => controller.session.wire.setState({ entries: withSeq(entries), cap: Math.max(entries.length, 10), dropped: 0 }));
  await nextTask();
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
  it("renders only the visible rows of 100,000 frames", async () => {
    const many: WireEntry[] = [];
    for (let i = 0; i < 100_000; i++) many.push(i % 2 ? resultFrame(i, "tools/call", {}, 3) : requestFrame(i, "tools/call"));
    const started = performance.now();
    await show(many);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(screen.getByTestId("wire-count").textContent).toMatch(/100,000 frames/);
    expect(rows().length).toBeGreaterThan(5);
    expect(rows().length).toBeLessThan(60);
    expect(rows()[0]?.getAttribute("aria-setsize")).toBe("100000");
  });

  it("shows direction, method answered, id, latency, size and a parse error marker", async () => {
    await show(small);
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
  ])("filters by %s", async (_name, change, count) => {
    await show(small);
    if ("text" in change) fireEvent.change(screen.getByLabelText("Filter frames"), { target: { value: change.text } });
    if ("direction" in change) fireEvent.change(screen.getByLabelText("Direction"), { target: { value: change.direction } });
    if ("hideLists" in change) fireEvent.click(screen.getByLabelText("hide list calls"));
    expect(rows()).toHaveLength(count);
    expect(screen.getByTestId("wire-count").textContent).toMatch(new RegExp(`${count} shown`));
  });

  it("expands a frame to pretty JSON, broken frames as raw text", async () => {
    await show(small);
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
    const controller = await show(small);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy frame 3" })));
    expect(writeText).toHaveBeenCalledWith(small[2]?.raw);

    fireEvent.click(screen.getByRole("button", { name: /Wire log/ }));
    expect(screen.queryByRole("list", { name: "Frames" })).toBeNull();
    expect(screen.getByRole("button", { name: /Wire log/ }).getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: /Wire log/ }));

    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(controller.session.wire.getState().entries).toEqual([]);
    await nextTask();
    expect(screen.getByText("No frames match.")).toBeTruthy();
  });

  it("keeps up with appends (batched on a microtask)", async () => {
    const controller = await show(small);
    await act(async () => controller.session.wire.append(wireFrame("out", { jsonrpc: "2.0", id: 99, method: "ping" }), 1));
    await nextTask();
    expect(rows()).toHaveLength(small.length + 1);
  });

  it("shows every frame of four logs streamed outside any event, each log rendered once per burst in a task of its own", async () => {
    const sessions = [createSession(), createSession(), createSession(), createSession()];
    let commits = 0;
    render(
      <ControllerProvider controller={createTestController()}>
        <Profiler id="logs" onRender={() => commits++}>
          {sessions.map((session, i) => (
            <section key={i} data-testid={`log-${i}`}>
              <SessionProvider session={session}>
                <WireLog />
              </SessionProvider>
            </section>
          ))}
        </Profiler>
      </ControllerProvider>,
    );
    const countOf = (i: number) => within(screen.getByTestId(`log-${i}`)).getByTestId("wire-count").textContent;
    let id = 0;
    // Bursts as a chatty server's: 100 frames into each log in one task (here a timer, not an event).
    // The logs render after the task that appended (where a synchronous render would follow the
    // store's batch within the task's microtasks), each alone: one commit per log per burst.
    const microtasks = async (n: number) => {
      for (let i = 0; i < n; i++) await Promise.resolve();
    };
    for (let burst = 1; burst <= 3; burst++) {
      const before = commits;
      const inTask = await new Promise<number>((done) =>
        setTimeout(() => {
          for (const session of sessions) for (let k = 0; k < 100; k++) session.wire.append(wireFrame("in", { jsonrpc: "2.0", method: "notifications/message", params: { n: ++id } }), 1);
          void microtasks(20).then(() => done(commits - before));
        }, 0),
      );
      expect(inTask).toBe(0);
      await waitFor(() => expect(countOf(3)).toMatch(new RegExp(`^${burst * 100} frames`)));
      expect(commits - before).toBe(4);
      for (let i = 0; i < 4; i++) expect(countOf(i)).toMatch(new RegExp(`^${burst * 100} frames`));
    }
    // Nothing was dropped on the way: each log holds its 300 frames in order, and its rows (jsdom has no
    // layout, so the window stays at the top) are the first ones, consecutive, each in the set of 300.
    for (let i = 0; i < 4; i++) {
      expect(sessions[i]?.wire.getState().entries.map((e) => e.seq)).toEqual(Array.from({ length: 300 }, (_, k) => k + 1));
      const list = within(screen.getByTestId(`log-${i}`)).getAllByRole("listitem");
      expect(list.map((row) => row.getAttribute("aria-posinset"))).toEqual(list.map((_, k) => String(k + 1)));
      expect(list.every((row) => row.getAttribute("aria-setsize") === "300")).toBe(true);
    }
  });
});
