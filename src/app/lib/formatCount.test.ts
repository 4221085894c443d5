import { describe, expect, it } from "vitest";
import { formatCount } from "./formatCount";

describe("formatCount", () => {
  it("writes what toLocaleString('en') writes for integers", () => {
    for (const n of [0, 7, 999, 1000, 12345, 100000, 1234567, 100000000, -1, -1000, -987654321, Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(n)).toBe(n.toLocaleString("en"));
    }
  });
});
