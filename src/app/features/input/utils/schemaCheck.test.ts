import { describe, expect, it } from "vitest";
import { schemaMismatch } from "./schemaCheck";

describe("schemaMismatch", () => {
  it.each([
    ["a match", { type: "object", properties: { a: { type: "string" } } }, { a: "x" }, undefined],
    ["a pattern the form does not enforce", { type: "object", properties: { code: { type: "string", pattern: "^[A-Z]{3}$" } } }, { code: "abc" }, /^\/code: .*pattern/],
    ["a missing required key", { type: "object", properties: { a: { type: "string" } }, required: ["a"] }, {}, /required property "a"/],
    ["a schema it cannot use is a mismatch, in words", { type: "object", properties: { a: { $ref: "#/nowhere" } } }, { a: 1 }, /^the schema cannot be checked/],
    ["a schema that is not an object is no check", "nonsense", { a: 1 }, undefined],
  ])("%s", (_n, schema, value, expected) => {
    const m = schemaMismatch(schema, value);
    if (expected === undefined) expect(m).toBeUndefined();
    else expect(m).toMatch(expected);
  });
});
