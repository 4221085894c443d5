// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { HOSTILE_ICONS } from "../../../server/hostile";
import { IconRefusedMark, ItemIcon } from "./ItemIcon";

afterEach(cleanup);

/** The icons' vetting code is a chunk of its own: waits until every icon rendered has it. */
async function vetted(): Promise<void> {
  await waitFor(() => expect(screen.getAllByTestId("item-icon").map((e) => e.getAttribute("data-state"))).not.toContain("loading"));
}

const svg = { src: `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`, mimeType: "image/svg+xml", sizes: ["any"] };

describe("ItemIcon", () => {
  it("draws a vetted icon as a capped, decorative <img> without a referrer, lazily; a same-size placeholder until the vetting code is here", async () => {
    const { container } = render(<ItemIcon icons={[{ src: "https://icons.example.com/a.png", sizes: ["512x512"] }]} size={64} />);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByTestId("item-icon").getAttribute("data-state")).toBe("loading");
    await vetted();
    const img = container.querySelector("img");
    expect(img?.getAttribute("src")).toBe("https://icons.example.com/a.png");
    expect(img?.getAttribute("alt")).toBe("");
    expect(img?.getAttribute("width")).toBe("24");
    expect(img?.getAttribute("referrerpolicy")).toBe("no-referrer");
    expect(img?.getAttribute("loading")).toBe("lazy");
  });

  it("keeps an SVG as an image, never inline, and falls back when it does not load", async () => {
    const { container } = render(<ItemIcon icons={[svg]} />);
    await vetted();
    expect(container.querySelector("svg")).toBeNull();
    fireEvent.error(container.querySelector("img")!);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector(".icon-fallback")).not.toBeNull();
    expect(screen.getByTestId("item-icon").getAttribute("data-state")).toBe("failed");
  });

  it("shows nothing for an item without icons", () => {
    const { container } = render(
      <>
        <ItemIcon icons={undefined} />
        <IconRefusedMark icons={undefined} />
      </>,
    );
    expect(container.innerHTML).toBe("");
  });

  it("refuses the hostile server's icons and says why; nothing refused is ever put in an img", async () => {
    const { container } = render(
      <>
        <ItemIcon icons={HOSTILE_ICONS} />
        <IconRefusedMark icons={HOSTILE_ICONS} />
      </>,
    );
    await vetted();
    const mark = screen.getByTestId("icon-refused");
    const words = mark.getAttribute("aria-label") ?? "";
    expect(words).toMatch(/^4 icons refused: /);
    expect(words).toContain("javascript: icons would run code");
    expect(words).toContain("plain http: icons are refused");
    expect(words).toContain("over the 64 KiB cap");
    expect(mark.getAttribute("title")).toBe(words);
    const srcs = [...container.querySelectorAll("img")].map((i) => i.getAttribute("src") ?? "");
    expect(srcs).toHaveLength(1);
    expect(srcs[0]).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(container.querySelector("[onerror], [onload], svg, script")).toBeNull();
  });
});
