// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createTestInspector, renderWithInspector } from "../../rounds/test/renderWithInspector";
import { CallView } from "./CallView";

afterEach(cleanup);

describe("CallView: a failed call", () => {
  it("explains the error in words and runs the same call again with one click", async () => {
    const inspector = createTestInspector();
    await inspector.connect({ target: { kind: "embedded", server: "hostile" } });
    renderWithInspector(<CallView />, inspector);
    await act(() => inspector.callTool("wrong-shape", {}));
    expect(screen.getByRole("alert").textContent).toContain("Malformed result");
    expect(screen.getByTestId("call-status").textContent).toBe("failed");
    fireEvent.click(screen.getByRole("button", { name: "Run again" }));
    await waitFor(() => expect(inspector.calls.getState().order).toHaveLength(2));
    const [first, second] = inspector.calls.getState().order.map((id) => inspector.calls.getState().calls[id]);
    // The same call: method, name and arguments (each run gets its own progress token in _meta).
    expect(second).toMatchObject({ method: first?.method, target: "wrong-shape", params: { name: "wrong-shape", arguments: first?.params.arguments } });
    await waitFor(() => expect(screen.getByTestId("call-status").textContent).toBe("failed"));
    await inspector.disconnect("done");
  });

  it("shows markup from the server as text, never as elements", async () => {
    const inspector = createTestInspector();
    await inspector.connect({ target: { kind: "embedded", server: "hostile" } });
    const { container } = renderWithInspector(<CallView />, inspector);
    await act(() => inspector.callTool("html-error", {}));
    expect(screen.getByRole("alert").textContent).toContain('<img src=x onerror="window.__pwned');
    expect(container.querySelectorAll("script, img, svg, iframe, a[href^='javascript']")).toHaveLength(0);
    await inspector.disconnect("done");
  });
});
