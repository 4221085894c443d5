// @vitest-environment jsdom
// The task card through the real path: the controller, the embedded demo server and its `deploy` and
// `release` tasks in both eras; the card reads the calls store the client's task events fill.
import { act, cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CallView } from "./CallView";
import { RoundsTimeline } from "./RoundsTimeline";
import { createTestController, renderWithController } from "../../../test/support/app/renderWithController";
import type { Controller } from "../session/controller";
import { taskOf, taskRequests } from "../features/tasks/taskView";

// jsdom lays nothing out: the question cards' scroll into view has nothing to do.
if (typeof Element.prototype.scrollIntoView !== "function") Element.prototype.scrollIntoView = () => undefined;

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  cleanup();
  await Promise.all(stops.splice(0).map((stop) => stop().catch(() => undefined)));
});

async function until<T>(read: () => T | undefined | null | false, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > end) throw new Error("timed out waiting");
    await act(() => new Promise((r) => setTimeout(r, 10)));
  }
}

async function answer(controller: Controller, message: RegExp, content: Record<string, unknown>): Promise<void> {
  const input = await until(() => controller.session.inputs.getState().pending.find((p) => message.test(String(p.params.message))));
  act(() => controller.session.inputs.answer(input.id, { action: "accept", content: content as Record<string, string> }));
}

async function connected(revision: "2026-07-28" | "2025-11-25", tasks?: boolean): Promise<Controller> {
  const controller = createTestController();
  stops.push(() => controller.disconnect("done"));
  await controller.connect({ revision, ...(tasks === undefined ? {} : { tasks }) });
  await controller.listTools();
  return controller;
}

const lastCall = (controller: Controller) => {
  const { calls, order } = controller.session.calls.getState();
  return calls[order[order.length - 1] as string];
};

describe.each(["2026-07-28", "2025-11-25"] as const)("a task in the call view (%s)", (revision) => {
  it("deploy: the card shows the status over time, the polls, the question's travel badge, then the result", async () => {
    const controller = await connected(revision);
    const view = renderWithController(
      <>
        <CallView />
        <RoundsTimeline />
      </>,
      controller,
    );
    controller.callTool("deploy", { environment: "staging", stepMs: 30 });
    const card = await until(() => screen.queryByTestId("task-card"));
    expect(within(card).getByTestId("task-id").textContent).not.toBe("");
    // The question arrives mid-task, as the usual input card with the task's travel badge.
    const badge = await until(() => screen.queryByTestId("task-travel"));
    expect(badge.textContent).toContain(revision === "2026-07-28" ? "tasks/update" : "live request on tasks/result");
    await answer(controller, /Go live\?/, { confirm: true });
    await until(() => lastCall(controller)?.status === "done");
    expect(screen.getByTestId("task-status").textContent).toBe("completed");
    const timeline = within(card).getByRole("list", { name: "Task status over time" });
    const statuses = within(timeline)
      .getAllByRole("listitem")
      .map((li) => li.getAttribute("data-status"));
    expect(statuses[0]).toBe("working");
    expect(statuses).toContain("input_required");
    expect(statuses[statuses.length - 1]).toBe("completed");
    expect(screen.getByTestId("task-poll-summary").textContent).toMatch(/\d+ polls?; next in \d+ ms/);
    expect(screen.getByTestId("task-finished").textContent).toMatch(/Task ended completed after \d+ polls?/);
    expect(screen.getByTestId("result").textContent).toContain("Deployed web to staging");
    // The rounds panel lists the task's requests.
    const requests = screen.getByTestId("task-requests");
    expect(requests.textContent).toContain("tasks/get");
    expect(requests.textContent).toContain(revision === "2026-07-28" ? "tasks/update" : "tasks/result");
    // The wire log holds them too.
    const methods = controller.session.wire.getState().entries.map((e) => e.method);
    expect(methods).toContain("tasks/get");
    expect(methods).toContain(revision === "2026-07-28" ? "tasks/update" : "tasks/result");
    view.unmount();
  });

  it("Cancel task mid-question sends tasks/cancel and ends the call cancelled", async () => {
    const controller = await connected(revision);
    renderWithController(<CallView />, controller);
    controller.callTool("release", { stepMs: 20 });
    await until(() => controller.session.inputs.getState().pending.length > 0);
    act(() => screen.getByRole("button", { name: "Cancel task" }).click());
    const call = await until(() => (lastCall(controller)?.status === "failed" ? lastCall(controller) : undefined));
    expect(call.error?.kind).toBe("cancelled");
    const task = taskOf(call);
    expect(task?.cancelRequested).toBeDefined();
    expect(taskRequests(task!).map((l) => l.method)).toContain("tasks/cancel");
    await until(() => controller.session.wire.getState().entries.some((e) => e.method === "tasks/cancel"));
    expect(controller.session.inputs.getState().pending).toHaveLength(0);
  });
});

describe("the tasks switch", () => {
  it("is on by default and declares the extension; off, deploy runs inline with no card", async () => {
    const on = await connected("2026-07-28");
    expect(on.session.connection.getState().declared).toMatchObject({ extensions: { "io.modelcontextprotocol/tasks": {} } });
    const off = await connected("2026-07-28", false);
    expect(JSON.stringify(off.session.connection.getState().declared)).not.toContain("io.modelcontextprotocol/tasks");
    renderWithController(<CallView />, off);
    off.callTool("deploy", { environment: "staging", stepMs: 5 });
    await answer(off, /Go live\?/, { confirm: true });
    await until(() => lastCall(off)?.status === "done");
    expect(screen.queryByTestId("task-card")).toBeNull();
    expect(lastCall(off)?.events.some((e) => e.type === "taskCreated")).toBe(false);
  });
});
