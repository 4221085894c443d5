import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { byteLength } from "./connection";

const encoded = (text: string): number => new TextEncoder().encode(text).length;

describe("byteLength", () => {
  it("counts what TextEncoder writes, for ASCII, 2-, 3- and 4-byte characters and lone surrogates", () => {
    for (const text of ["", "a", "{\"jsonrpc\":\"2.0\"}", "é", "aé", "€", "a€b", "😀", "a😀", "\ud800", "a\ud800b", "\udc00", "\ud800\ud800\udc00", "x".repeat(1000) + "é"]) {
      expect(byteLength(text), JSON.stringify(text)).toBe(encoded(text));
    }
  });

  it("agrees with TextEncoder on any string, whatever comes before its first non-ASCII character", () => {
    const unit = fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme-ascii" }), fc.constantFrom("\ud800", "\udfff", "\ud83d", "é", "€"));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 8 }), (parts) => {
        const text = parts.join("");
        expect(byteLength(text)).toBe(encoded(text));
      }),
      { numRuns: 2000 },
    );
  });
});
