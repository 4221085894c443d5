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
