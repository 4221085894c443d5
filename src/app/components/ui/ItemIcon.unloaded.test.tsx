// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IconRefusedMark, ItemIcon } from "./ItemIcon";

// The icons' vetting code as a chunk that cannot load (the inspector's server stopped): importing it fails.
vi.mock("../../../core/protocol/icons", () => {
  throw new Error("Failed to fetch dynamically imported module: icons.js");
});

afterEach(cleanup);

describe("ItemIcon when its vetting code cannot load", () => {
  it("keeps the placeholder, says so, and never draws an unvetted icon", async () => {
    const { container } = render(
      <>
        <ItemIcon icons={[{ src: "https://icons.example.com/a.png" }]} />
        <IconRefusedMark icons={[{ src: "javascript:alert(1)" }]} />
      </>,
    );
    const icon = screen.getByTestId("item-icon");
    await waitFor(() => expect(icon.getAttribute("data-state")).toBe("failed"));
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector(".icon-fallback")?.getAttribute("title")).toBe("the icons' code did not load (reload the page)");
    expect(screen.queryByTestId("icon-refused")).toBeNull();
  });
});
