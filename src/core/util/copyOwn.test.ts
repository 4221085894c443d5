import { describe, expect, it } from "vitest";
import { copyOwn } from "./copyOwn";

describe("copyOwn", () => {
  it("copies what a spread copies, in the same order, later keys winning", () => {
    const a = { b: 1, a: 2, 1: "one" };
    const b = { a: 3, c: 4 };
    expect(Object.entries(copyOwn(copyOwn({}, a), b))).toEqual(Object.entries({ ...a, ...b }));
    expect(copyOwn({ x: 1 }, undefined)).toEqual({ x: 1 });
  });

  it("leaves inherited and non-enumerable properties behind, as a spread does", () => {
    const source = Object.create({ inherited: 1 }, { hidden: { value: 2, enumerable: false }, shown: { value: 3, enumerable: true } }) as object;
    expect(copyOwn({}, source)).toEqual({ ...source });
    expect(copyOwn({}, source)).toEqual({ shown: 3 });
  });

  it("keeps a __proto__ key from JSON a plain property, never the copy's prototype", () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as object;
    const copy = copyOwn({}, hostile) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(copy.polluted).toBeUndefined();
    expect(JSON.stringify(copy)).toBe(JSON.stringify({ ...hostile }));
  });
});
