import { describe, expect, it } from "vitest";
import { MAX_DATA_ICON_LENGTH, pickIcon, vetIcon, vetIcons } from "./icons";

const png = (body = "iVBORw0KGgo="): string => `data:image/png;base64,${body}`;

describe("vetIcon", () => {
  it.each([
    [{ src: "https://example.com/a.png" }, "https", false],
    [{ src: "https://example.com/a.svg" }, "https", true],
    [{ src: png(), sizes: ["16x16"] }, "data", false],
    [{ src: "data:image/svg+xml;base64,PHN2Zy8+", mimeType: "image/svg+xml" }, "data", true],
    [{ src: "data:image/svg+xml,%3Csvg%2F%3E" }, "data", true],
  ])("accepts %j", (icon, scheme, svg) => {
    const verdict = vetIcon(icon);
    expect(verdict.ok && [verdict.icon.scheme, verdict.icon.svg]).toEqual([scheme, svg]);
  });

  it.each([
    [{ src: "javascript:alert(1)" }, "javascript: icons would run code; refused"],
    [{ src: "JavaScript:alert(1)" }, "javascript: icons would run code; refused"],
    [{ src: "http://t.example.com/p.gif" }, "plain http: icons are refused: unencrypted, and a way to track who opens the inspector"],
    [{ src: `data:image/png;base64,${"A".repeat(MAX_DATA_ICON_LENGTH)}` }, "the data: icon is 64 KiB, over the 64 KiB cap"],
    [{ src: "data:text/html;base64,PHNjcmlwdD4=" }, "a data: icon must be an image; this one is text/html"],
    [{ src: "data:,hello" }, "a data: icon must be an image; this one is untyped"],
    [{ src: "data:image/png;base64,<script>" }, "the data: icon's base64 is malformed"],
    [{ src: "file:///etc/passwd" }, "file: icons are refused; only https: and data:image URLs are shown"],
    [{ src: "/relative.png" }, "the icon src is not an absolute URL"],
    [{ src: "https://user:pw@example.com/a.png" }, "the icon URL carries a user name or password"],
    [{ src: `https://example.com/${"a".repeat(3000)}` }, "the icon URL is 3020 characters long, over the 2048 cap"],
    [{ src: "https://example.com/a.png", mimeType: "text/html" }, "the icon says it is text/html, not an image"],
    [{}, "the icon has no src"],
    ["x", "the icon is not an object"],
  ])("refuses %j", (icon, reason) => {
    const verdict = vetIcon(icon);
    expect(verdict.ok ? "accepted" : verdict.refused.reason).toBe(reason);
  });

  it("never echoes a huge src whole", () => {
    const verdict = vetIcon({ src: `data:image/png;base64,${"A".repeat(200_000)}` });
    expect(!verdict.ok && verdict.refused.src.length).toBe(80);
  });
});

describe("vetIcons and pickIcon", () => {
  it("splits a list into icons and refusals, capping how many are looked at", () => {
    const many = Array.from({ length: 10 }, () => ({ src: png() }));
    const set = vetIcons(many);
    expect(set.icons).toHaveLength(8);
    expect(set.refused).toEqual([{ src: "", reason: "2 more icons ignored (at most 8 are looked at)" }]);
    expect(vetIcons("nope").refused[0]?.reason).toBe("icons is not a list");
    expect(vetIcons(undefined)).toEqual({ icons: [], refused: [] });
  });

  it("picks the closest size, preferring the theme", () => {
    const set = vetIcons([
      { src: "https://e.com/16.png", sizes: ["16x16"] },
      { src: "https://e.com/48.png", sizes: ["48x48"] },
      { src: "https://e.com/dark.png", sizes: ["24x24"], theme: "dark" },
    ]);
    expect(pickIcon(set, 40)?.src).toBe("https://e.com/48.png");
    expect(pickIcon(set, 24, "dark")?.src).toBe("https://e.com/dark.png");
    expect(pickIcon(vetIcons([]), 24)).toBeUndefined();
  });
});
