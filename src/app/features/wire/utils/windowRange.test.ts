import { describe, expect, it } from "vitest";
import { indexBySeq, windowRange } from "./windowRange";

describe("windowRange", () => {
  it.each([
    ["empty", 0, 200, 20, 0, 5, { start: 0, end: 0 }],
    ["top of a long list", 0, 200, 20, 100_000, 5, { start: 0, end: 16 }],
    ["middle", 20_000, 200, 20, 100_000, 5, { start: 995, end: 1016 }],
    ["bottom", 1_999_800, 200, 20, 100_000, 5, { start: 99_984, end: 100_000 }],
    ["scrolled past the end (a shrunk list)", 1_000_000, 200, 20, 10, 5, { start: 0, end: 10 }],
    ["fewer rows than fit", 0, 200, 20, 3, 5, { start: 0, end: 3 }],
    ["negative scroll (rubber band)", -50, 200, 20, 100, 2, { start: 0, end: 13 }],
  ])("%s", (_name, scrollTop, height, row, count, overscan, expected) => {
    expect(windowRange(scrollTop, height, row, count, overscan)).toEqual(expected);
  });

  it("never renders more than the viewport plus overscan, whatever the count", () => {
    for (const count of [1, 10, 1000, 100_000]) {
      for (const top of [0, 37, 5000, 1e9]) {
        const r = windowRange(top, 300, 22, count, 6);
        expect(r.end - r.start).toBeLessThanOrEqual(Math.ceil(300 / 22) + 1 + 12);
        expect(r.start).toBeGreaterThanOrEqual(0);
        expect(r.end).toBeLessThanOrEqual(count);
      }
    }
  });
});

describe("indexBySeq", () => {
  const list = [{ seq: 3 }, { seq: 4 }, { seq: 9 }, { seq: 12 }];
  it.each([
    [3, 0],
    [9, 2],
    [12, 3],
    [5, -1],
    [100, -1],
  ])("%s -> %s", (seq, index) => expect(indexBySeq(list, seq)).toBe(index));
});
