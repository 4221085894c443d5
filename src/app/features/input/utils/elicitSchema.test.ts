import { describe, expect, it } from "vitest";
import { LIMITS, OUTSIDE_SUBSET, readSchema, type FieldKind } from "./elicitSchema";

const form = (properties: unknown, required?: unknown) => readSchema({ type: "object", properties, ...(required !== undefined ? { required } : {}) });
const one = (p: unknown) => {
  const f = form({ x: p });
  return { field: f.fields[0], initial: f.initial.x, warnings: f.warnings };
};

describe("readSchema: each kind of the subset", () => {
  const rows: [string, unknown, FieldKind, Record<string, unknown>, unknown][] = [
    ["string with bounds", { type: "string", title: "Name", minLength: 2, maxLength: 40, default: "Ada" }, "string", { title: "Name", minLength: 2, maxLength: 40 }, "Ada"],
    ["email", { type: "string", format: "email" }, "string", { format: "email" }, undefined],
    ["date-time", { type: "string", format: "date-time" }, "string", { format: "date-time" }, undefined],
    ["integer", { type: "integer", minimum: 13, maximum: 120, default: 30 }, "integer", { minimum: 13, maximum: 120 }, "30"],
    ["number", { type: "number", default: 95.5 }, "number", {}, "95.5"],
    ["boolean", { type: "boolean", default: false }, "boolean", {}, false],
    ["boolean without default starts unset", { type: "boolean" }, "boolean", {}, undefined],
    ["untitled enum", { type: "string", enum: ["a", "b"], default: "b" }, "enum", { options: [{ value: "a", label: "a" }, { value: "b", label: "b" }] }, "b"],
    ["titled oneOf starts unset", { type: "string", oneOf: [{ const: "#F00", title: "Red" }] }, "titledEnum", { options: [{ value: "#F00", label: "Red" }] }, undefined],
    ["titled anyOf", { type: "string", anyOf: [{ const: "a", title: "A" }], default: "a" }, "titledEnum", { options: [{ value: "a", label: "A" }] }, "a"],
    ["legacy enumNames starts unset", { type: "string", enum: ["a", "b"], enumNames: ["Alpha", "Beta"] }, "legacyEnum", { options: [{ value: "a", label: "Alpha" }, { value: "b", label: "Beta" }] }, undefined],
    ["untitled multi", { type: "array", minItems: 1, maxItems: 3, items: { type: "string", enum: ["x", "y"] }, default: ["y"] }, "multiEnum", { minItems: 1, maxItems: 3 }, ["y"]],
    ["titled multi", { type: "array", items: { anyOf: [{ const: "s", title: "Standard I/O" }] } }, "titledMultiEnum", { options: [{ value: "s", label: "Standard I/O" }] }, undefined],
  ];
  it.each(rows)("%s", (_name, input, kind, fieldPart, initial) => {
    const r = one(input);
    expect(r.field?.kind).toBe(kind);
    expect(r.field).toMatchObject(fieldPart);
    expect(r.initial).toEqual(initial);
    expect(r.warnings).toEqual([]);
  });
});

describe("readSchema: defaults that do not fit are dropped", () => {
  it.each([
    ["string default on integer", { type: "integer", default: "3" }],
    ["fraction on integer", { type: "integer", default: 2.5 }],
    ["enum default not an option", { type: "string", enum: ["a"], default: "z" }],
    ["multi default with a stranger", { type: "array", items: { type: "string", enum: ["a"] }, default: ["a", "q"] }],
    ["boolean default as string", { type: "boolean", default: "true" }],
  ])("%s", (_n, p) => expect(one(p).initial).toBeUndefined());
});

describe("readSchema: outside the subset becomes a raw JSON field", () => {
  it.each([
    ["nested object", { type: "object", properties: { a: { type: "string" } }, default: { a: "x" } }],
    ["array of objects", { type: "array", items: { type: "object" } }],
    ["$ref", { $ref: "#/definitions/x" }],
    ["unknown type", { type: "color" }],
    ["no type", { title: "Mystery" }],
    ["not an object", 42],
    ["enum of numbers", { type: "string", enum: [1, 2] }],
    ["oneOf without const", { type: "string", oneOf: [{ type: "string" }] }],
  ])("%s", (_n, p) => {
    const r = one(p);
    expect(r.field?.kind).toBe("raw");
    expect(r.warnings[0]?.message).toContain(OUTSIDE_SUBSET);
  });

  it("keeps a raw field's default as JSON text", () => {
    expect(one({ type: "object", default: { a: [1] } }).initial).toBe('{"a":[1]}');
  });
});

describe("readSchema: hostile schemas never throw", () => {
  it.each([
    ["null", null],
    ["a string", "type: object"],
    ["properties is an array", { type: "object", properties: [1, 2] }],
    ["getter that throws", Object.defineProperty({ type: "object" }, "properties", { get: () => { throw new Error("boom"); }, enumerable: true })],
  ])("%s", (_n, s) => {
    const f = readSchema(s);
    expect(f.fields).toEqual([]);
    expect(f.warnings.length).toBeGreaterThan(0);
  });

  it("shows hundreds of properties in full", () => {
    const props = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p${i}`, { type: "string" }]));
    const f = form(props, ["p499"]);
    expect(f.fields).toHaveLength(500);
    expect(f.hidden).toBe(0);
    expect(f.warnings).toEqual([]);
  });

  it("past the safety cap leaves out optional properties only, and says how many", () => {
    const n = LIMITS.properties + 50;
    const props = Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: "string" }]));
    const required = [`p${n - 1}`, `p${n - 2}`];
    const f = form(props, required);
    expect(f.fields).toHaveLength(LIMITS.properties);
    expect(f.hidden).toBe(50);
    expect(f.fields.filter((x) => x.required).map((x) => x.name).sort()).toEqual(required.sort());
    expect(f.warnings[0]?.message).toBe(`50 of ${n} optional properties are not shown (a safety cap of ${LIMITS.properties}); they are left out of the answer. Every required property is shown.`);
  });

  it("caps option lists and deep raw defaults", () => {
    expect(one({ type: "string", enum: Array.from({ length: LIMITS.options + 1 }, (_, i) => `o${i}`) }).field?.kind).toBe("raw");
    let deep: unknown = 1;
    for (let i = 0; i < 50; i++) deep = [deep];
    expect(one({ type: "object", default: deep }).initial).toBeUndefined();
  });

  it("skips __proto__ and drops unknown formats and keywords with a warning", () => {
    const f = readSchema(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"pw":{"type":"string","format":"password","pattern":"x"}}}'));
    expect(f.fields.map((x) => x.name)).toEqual(["pw"]);
    expect(f.fields[0]?.format).toBeUndefined();
    expect(f.warnings.map((w) => w.message).join(" ")).toMatch(/__proto__.*pattern.*password|__proto__.*password.*pattern/s);
  });

  it("says so when a title or description is cut", () => {
    const f = form({ a: { type: "string", title: "t".repeat(LIMITS.text + 5) } });
    expect(f.fields[0]?.title).toHaveLength(LIMITS.text);
    expect(f.warnings).toEqual([{ field: "a", message: `title cut to its first ${LIMITS.text} of ${LIMITS.text + 5} characters` }]);
  });

  it("marks required fields, and warns about a required name with no property", () => {
    const f = form({ a: { type: "string" }, b: { type: "string" } }, ["a", "ghost", 3]);
    expect(f.fields.map((x) => x.required)).toEqual([true, false]);
    expect(f.warnings).toEqual([{ field: "ghost", message: "is listed as required but has no property in the schema" }]);
  });
});
