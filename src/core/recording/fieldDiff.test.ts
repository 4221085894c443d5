import { describe, expect, it } from "vitest";
import { differenceWords, fieldDifferences } from "./fieldDiff";

describe("fieldDifferences", () => {
  it.each([
    ["equal values, keys in another order", { a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }, []],
    ["a field added", { a: 1 }, { a: 1, resultType: "complete" }, ["resultType: (absent) → \"complete\""]],
    ["a field removed", { a: 1, b: 2 }, { a: 1 }, ["b: 2 → (absent)"]],
    ["a nested text", { content: [{ text: "x" }] }, { content: [{ text: "y" }] }, ['content[0].text: "x" → "y"']],
    ["an array grown", { l: [1] }, { l: [1, 2] }, ["l[1]: (absent) → 2"]],
    ["an odd key", { "a-b": 1 }, { "a-b": 2 }, ['["a-b"]: 1 → 2']],
    ["a type change", { a: 1 }, { a: "1" }, ['a: 1 → "1"']],
  ])("%s", (_name, before, after, words) => {
    expect(fieldDifferences(before, after).map(differenceWords)).toEqual(words);
  });

  it("marks resultType and _meta (and what is under them) as envelope, everything else not", () => {
    const d = fieldDifferences({ _meta: { a: 1 }, x: 1 }, { _meta: { a: 2 }, resultType: "complete", x: 2 });
    expect(d.map((f) => [f.path, f.envelope])).toEqual([
      ["_meta.a", true],
      ["x", false],
      ["resultType", true],
    ]);
  });
});
