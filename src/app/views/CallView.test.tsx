// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createTestController, renderWithController } from "../../../test/support/app/renderWithController";
import { CallView } from "./CallView";

afterEach(cleanup);

describe("CallView: a failed call", () => {
  it("explains the error in words and runs the same call again with one click", async () => {
    const controller = createTestController();
    await controller.connect({ target: { kind: "embedded", server: "hostile" } });
    renderWithController(<CallView />, controller);
    await act(async () => {
      await controller.callTool("wrong-shape", {})?.outcome;
    });
    // The explanations are a lazy chunk (ErrorView.tsx): the error's own words show first, then them.
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Malformed result"));
    expect(screen.getByTestId("call-status").textContent).toBe("failed");
    fireEvent.click(screen.getByRole("button", { name: "Run again" }));
    await waitFor(() => expect(controller.session.calls.getState().order).toHaveLength(2));
    const [first, second] = controller.session.calls.getState().order.map((id) => controller.session.calls.getState().calls[id]);
    // The same call: method, name and arguments (each run gets its own progress token in _meta).
    expect(second).toMatchObject({ method: first?.method, target: "wrong-shape", params: { name: "wrong-shape", arguments: first?.params.arguments } });
    await waitFor(() => expect(screen.getByTestId("call-status").textContent).toBe("failed"));
    await controller.disconnect("done");
  });

  it("shows markup from the server as text, never as elements", async () => {
    const controller = createTestController();
    await controller.connect({ target: { kind: "embedded", server: "hostile" } });
    const { container } = renderWithController(<CallView />, controller);
    await act(async () => {
      await controller.callTool("html-error", {})?.outcome;
    });
    expect(screen.getByRole("alert").textContent).toContain('<img src=x onerror="window.__pwned');
    expect(container.querySelectorAll("script, img, svg, iframe, a[href^='javascript']")).toHaveLength(0);
    await controller.disconnect("done");
  });
});

describe("CallView: a question tied to no call", () => {
  it("is shown under its own heading, with no call selected, and the answer resolves the server's request", async () => {
    const controller = createTestController();
    await controller.connect({ target: { kind: "embedded", server: "demo" } });
    renderWithController(<CallView />, controller);
    // What the core's handlers do for a request on the server's own stream (callId undefined).
    let answer: Promise<unknown> | undefined;
    act(() => {
      answer = controller.session.inputs.ask({
        kind: "elicitation/create",
        params: { message: "Which workspace?", requestedSchema: { type: "object", properties: { name: { type: "string", title: "Name" } } } },
        key: "7",
        round: 0,
        callId: undefined,
        era: "legacy",
      });
    });
    const section = await screen.findByRole("region", { name: "Asked outside any call" });
    expect(section.textContent).toContain("tied to no call");
    await waitFor(() => expect(section.textContent).toContain("Which workspace?"));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: "alpha" } });
    fireEvent.click(await screen.findByRole("button", { name: "Accept" }));
    await expect(answer).resolves.toEqual({ action: "accept", content: { name: "alpha" } });
    await waitFor(() => expect(screen.queryByRole("region", { name: "Asked outside any call" })).toBeNull());
    await controller.disconnect("done");
  });
});
