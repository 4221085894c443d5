import { describe, expect, it } from "vitest";
import { hasHidden, hiddenWarning, revealText, splitHidden, stringsIn, summarizeHidden } from "./invisible";

describe("hidden characters", () => {
  it.each([
    ["RLO", "a\u202Eb", "a⟦U+202E⟧b"],
    ["all bidi embeddings and overrides", "\u202A\u202B\u202C\u202D\u202E", "⟦U+202A⟧⟦U+202B⟧⟦U+202C⟧⟦U+202D⟧⟦U+202E⟧"],
    ["isolates", "\u2066\u2067\u2068\u2069", "⟦U+2066⟧⟦U+2067⟧⟦U+2068⟧⟦U+2069⟧"],
    ["marks", "\u200E\u200F\u061C", "⟦U+200E⟧⟦U+200F⟧⟦U+061C⟧"],
    ["zero-width and BOM", "x\u200B\u200C\u200D\u2060\uFEFFy", "x⟦U+200B⟧⟦U+200C⟧⟦U+200D⟧⟦U+2060⟧⟦U+FEFF⟧y"],
    ["tag characters", "hi\u{E0041}\u{E007F}", "hi⟦U+E0041⟧⟦U+E007F⟧"],
    ["controls", "a\u0000b\u001Bc\u0085", "a⟦U+0000⟧b⟦U+001B⟧c⟦U+0085⟧"],
    ["soft hyphen and Hangul filler", "pay\u00ADpal\u3164", "pay⟦U+00AD⟧pal⟦U+3164⟧"],
    ["tabs and newlines stay", "a\tb\nc", "a\tb\nc"],
    ["ordinary unicode stays", "héllo 日本 👋🏽 مرحبا", "héllo 日本 👋🏽 مرحبا"],
  ])("%s", (_n, text, shown) => {
    expect(revealText(text)).toBe(shown);
    expect(hasHidden(text)).toBe(shown !== text);
  });

  it("splits text into runs and named characters", () => {
    expect(splitHidden("a\u202Eb")).toEqual([
      { kind: "text", text: "a" },
      { kind: "hidden", char: { code: "U+202E", name: "right-to-left override", bidi: true } },
      { kind: "text", text: "b" },
    ]);
  });

  it("summarises a request's strings in one warning", () => {
    const s = summarizeHidden(stringsIn({ message: "x\u202E", schema: { title: "\u200B", "k\u2066": 1 } }));
    expect(s.count).toBe(3);
    expect(s.bidi).toBe(2);
    expect(hiddenWarning(s)).toBe(
      "The server's text holds 3 hidden characters (U+202E right-to-left override, U+200B zero width space, U+2066 left-to-right isolate), shown here as ⟦U+…⟧. 2 of them are bidi controls that can make the text read differently from what it says.",
    );
    expect(hiddenWarning(summarizeHidden(["plain"]))).toBeUndefined();
  });
});
