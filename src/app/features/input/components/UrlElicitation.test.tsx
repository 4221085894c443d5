// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInput } from "../../../../../test/support/app/renderInput";
import { WARNING_TEXT } from "../../../../core";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const url = (u: string, message = "Sign in to Example Cloud.") => ({ mode: "url", message, url: u });

describe("UrlElicitation", () => {
  it("shows the full URL with the registrable domain emphasised and never opens on its own", () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const { container } = renderInput("elicitation/create", url("https://auth.example.com/authorize?state=1"), { key: "signin" });
    expect(screen.getByRole("article", { name: "Input request signin" })).toBeTruthy();
    expect(screen.getByText("sent back as a retry (2026-07-28)")).toBeTruthy();
    expect(container.querySelector(".url-full")?.textContent).toBe("https://auth.example.com/authorize?state=1");
    expect([...container.querySelectorAll("strong.url-domain")].map((e) => e.textContent)).toEqual(["example.com", "example.com"]);
    expect(screen.queryByRole("button", { name: "I'm done" })).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });

  it("opens with noopener,noreferrer, then I'm done sends the consent", async () => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const { settled } = renderInput("elicitation/create", url("https://auth.example.com/x"));
    fireEvent.click(screen.getByRole("button", { name: "Open in new tab" }));
    expect(open).toHaveBeenCalledWith("https://auth.example.com/x", "_blank", "noopener,noreferrer");
    fireEvent.click(screen.getByRole("button", { name: "I'm done" }));
    expect(await settled).toEqual({ ok: true, value: { action: "accept" } });
  });

  it.each(["javascript:alert(document.cookie)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd"])("%s has no open button and says why", (u) => {
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const { container } = renderInput("elicitation/create", url(u));
    expect(screen.queryByRole("button", { name: "Open in new tab" })).toBeNull();
    expect(screen.queryByRole("button", { name: "I'm done" })).toBeNull();
    expect(screen.getByText(WARNING_TEXT["not-http"])).toBeTruthy();
    expect(screen.getByText(/cannot be opened/)).toBeTruthy();
    expect(container.querySelector("a, script, iframe")).toBeNull();
    expect(screen.getByText(u)).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it("lists each warning in words", () => {
    renderInput("elicitation/create", url("http://user:pw@xn--pple-43d.com/"));
    const list = screen.getByRole("list", { name: "URL warnings" });
    expect(within(list).getAllByRole("listitem").map((li) => li.getAttribute("data-warning"))).toEqual(["http", "punycode", "credentials"]);
    expect(within(list).getByText(WARNING_TEXT.punycode)).toBeTruthy();
  });

  it("renders a hostile message as text", () => {
    const { container } = renderInput("elicitation/create", url("https://example.com/", "<img src=x onerror=alert(1)>"));
    expect(screen.getByText("<img src=x onerror=alert(1)>")).toBeTruthy();
    expect(container.querySelector("img")).toBeNull();
  });

  it.each([
    ["Decline", { action: "decline" }],
    ["Cancel", { action: "cancel" }],
  ])("%s answers without opening", async (button, result) => {
    const { settled } = renderInput("elicitation/create", url("https://example.com/"));
    fireEvent.click(screen.getByRole("button", { name: button }));
    expect(await settled).toEqual({ ok: true, value: result });
  });

  it("names a cloud metadata address in words", () => {
    renderInput("elicitation/create", url("http://169.254.169.254/latest/meta-data/iam/"));
    const warnings = screen.getByRole("list", { name: "URL warnings" });
    expect(within(warnings).getAllByRole("listitem")[0]?.textContent).toMatch(/cloud metadata service \(169\.254\.169\.254/);
  });

  it("collapses a long URL: host and buttons stay, the rest opens on demand", () => {
    const long = `https://auth.example.com/cb?x=${"a".repeat(5000)}`;
    const { container } = renderInput("elicitation/create", url(long));
    const shown = container.querySelector('[data-testid="url-text"]')?.textContent ?? "";
    expect(shown.length).toBeLessThan(220);
    expect(shown.startsWith("https://auth.example.com/cb?x=aaa")).toBe(true);
    expect(screen.getByText("Show the whole URL (5,030 characters)")).toBeTruthy();
    expect(screen.getByLabelText("The whole URL").textContent).toBe(long);
    expect(screen.getByRole("button", { name: "Open in new tab" })).toBeTruthy();
  });
});
