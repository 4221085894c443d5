// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResultView } from "./ResultView";

afterEach(cleanup);

const links = {
  content: [
    { type: "resource_link", uri: "demo://resource/dynamic/text/2", name: "Text Resource 2", title: "The second text", mimeType: "text/plain", description: "A plain text resource" },
    { type: "resource_link", uri: "<img src=x onerror=alert(1)>", name: "hostile" },
  ],
};

describe("ResultView: resource links", () => {
  it("shows each link's URI, title, type and description as text, and a live call's link opens in the item panel", () => {
    const open = vi.fn();
    const { container } = render(<ResultView result={links} onOpenResource={open} />);
    expect(screen.getByText("demo://resource/dynamic/text/2")).toBeTruthy();
    expect(container.textContent).toContain("“The second text” (text/plain)");
    expect(screen.getByText("A plain text resource")).toBeTruthy();
    // A URI that looks like markup is shown as text: no element is made from it.
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText("<img src=x onerror=alert(1)>")).toBeTruthy();
    fireEvent.click(screen.getAllByRole("button", { name: "Show this resource" })[0] as HTMLElement);
    expect(open).toHaveBeenCalledWith("demo://resource/dynamic/text/2");
  });

  it("offers no button where there is nothing to open into (a recording's result)", () => {
    render(<ResultView result={links} />);
    expect(screen.queryByRole("button", { name: "Show this resource" })).toBeNull();
  });
});
