import { describe, expect, it } from "vitest";
import { customizeValidator } from "@rjsf/validator-ajv8";
import { LIMITS, OUTSIDE_SUBSET, toRjsfForm, type FieldKind } from "./elicitSchema";

const form = (properties: unknown, required?: unknown) => toRjsfForm({ type: "object", properties, ...(required !== undefined ? { required } : {}) });
const one = (p: unknown) => {
  const f = form({ x: p });
  return { field: f.fields[0], schema: (f.schema.properties as Record<string, Record<string, unknown>>).x, ui: f.uiSchema.x as Record<string, unknown> | undefined, initial: f.initial.x, warnings: f.warnings };
};

describe("toRjsfForm: each kind of the subset", () => {
  const rows: [string, unknown, FieldKind, Record<string, unknown>, unknown][] = [
    ["string with bounds", { type: "string", title: "Name", minLength: 2, maxLength: 40, default: "Ada" }, "string", { type: "string", title: "Name", minLength: 2, maxLength: 40 }, "Ada"],
    ["email", { type: "string", format: "email" }, "string", { type: "string", format: "email" }, undefined],
    ["uri", { type: "string", format: "uri" }, "string", { type: "string", format: "uri" }, undefined],
    ["date", { type: "string", format: "date" }, "string", { type: "string", format: "date" }, undefined],
    ["date-time", { type: "string", format: "date-time" }, "string", { type: "string", format: "date-time" }, undefined],
    ["integer", { type: "integer", minimum: 13, maximum: 120, default: 30 }, "integer", { type: "integer", minimum: 13, maximum: 120 }, 30],
    ["number", { type: "number", minimum: 0, maximum: 5, default: 95.5 }, "number", { type: "number", minimum: 0, maximum: 5 }, 95.5],
    ["boolean", { type: "boolean", default: false }, "boolean", { type: "boolean" }, false],
    ["untitled enum", { type: "string", enum: ["a", "b"], default: "b" }, "enum", { type: "string", enum: ["a", "b"] }, "b"],
    ["titled oneOf", { type: "string", oneOf: [{ const: "#F00", title: "Red" }], default: "#F00" }, "titledEnum", { type: "string", oneOf: [{ const: "#F00", title: "Red" }] }, "#F00"],
    ["legacy enumNames", { type: "string", enum: ["a", "b"], enumNames: ["Alpha", "Beta"] }, "legacyEnum", { type: "string", oneOf: [{ const: "a", title: "Alpha" }, { const: "b", title: "Beta" }] }, undefined],
    ["untitled multi", { type: "array", minItems: 1, maxItems: 3, items: { type: "string", enum: ["x", "y"] }, default: ["y"] }, "multiEnum", { type: "array", uniqueItems: true, minItems: 1, maxItems: 3, items: { type: "string", enum: ["x", "y"] } }, ["y"]],
    ["titled multi", { type: "array", items: { anyOf: [{ const: "s", title: "Standard I/O" }] }, default: ["s"] }, "titledMultiEnum", { type: "array", uniqueItems: true, items: { type: "string", anyOf: [{ const: "s", title: "Standard I/O" }] } }, ["s"]],
  ];
  it.each(rows)("%s", (_name, input, kind, schema, initial) => {
    const r = one(input);
    expect(r.field?.kind).toBe(kind);
    expect(r.schema).toEqual(schema);
    expect(r.initial).toEqual(initial);
    expect(r.warnings).toEqual([]);
  });

  it("multi-selects render as checkboxes", () => {
    expect(one({ type: "array", items: { type: "string", enum: ["x"] } }).ui).toEqual({ "ui:widget": "checkboxes" });
  });
});

describe("toRjsfForm: defaults that do not fit are dropped", () => {
  it.each([
    ["string default on integer", { type: "integer", default: "3" }],
    ["fraction on integer", { type: "integer", default: 2.5 }],
    ["enum default not an option", { type: "string", enum: ["a"], default: "z" }],
    ["multi default with a stranger", { type: "array", items: { type: "string", enum: ["a"] }, default: ["a", "q"] }],
    ["boolean default as string", { type: "boolean", default: "true" }],
  ])("%s", (_n, p) => expect(one(p).initial).toBeUndefined());
});

describe("toRjsfForm: outside the subset becomes a raw JSON field", () => {
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
    expect(r.schema?.type).toBe("string");
    expect(r.ui?.["ui:widget"]).toBe("textarea");
    expect(r.warnings[0]?.message).toContain(OUTSIDE_SUBSET);
  });

  it("keeps a raw field's default as JSON text", () => {
    expect(one({ type: "object", default: { a: [1] } }).initial).toBe('{"a":[1]}');
  });
});

describe("toRjsfForm: hostile schemas never throw", () => {
  it.each([
    ["null", null],
    ["a string", "type: object"],
    ["properties is an array", { type: "object", properties: [1, 2] }],
    ["getter that throws", Object.defineProperty({ type: "object" }, "properties", { get: () => { throw new Error("boom"); }, enumerable: true })],
  ])("%s", (_n, s) => {
    const f = toRjsfForm(s);
    expect(f.fields).toEqual([]);
    expect(f.warnings.length).toBeGreaterThan(0);
  });

  it("caps the property count", () => {
    const props = Object.fromEntries(Array.from({ length: LIMITS.properties + 50 }, (_, i) => [`p${i}`, { type: "string" }]));
    expect(form(props).fields).toHaveLength(LIMITS.properties);
  });

  it("caps option lists and deep raw defaults", () => {
    expect(one({ type: "string", enum: Array.from({ length: LIMITS.options + 1 }, (_, i) => `o${i}`) }).field?.kind).toBe("raw");
    let deep: unknown = 1;
    for (let i = 0; i < 50; i++) deep = [deep];
    expect(one({ type: "object", default: deep }).initial).toBeUndefined();
  });

  it("skips __proto__ and drops unknown formats and keywords with a warning", () => {
    const f = toRjsfForm(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"pw":{"type":"string","format":"password","pattern":"x"}}}'));
    expect(f.fields.map((x) => x.name)).toEqual(["pw"]);
    expect((f.schema.properties as Record<string, object>).pw).toEqual({ type: "string" });
    expect(f.warnings.map((w) => w.message).join(" ")).toMatch(/__proto__.*pattern.*password|__proto__.*password.*pattern/s);
  });

  it("keeps only string required names that are properties", () => {
    expect(form({ a: { type: "string" } }, ["a", "ghost", 3]).schema.required).toEqual(["a"]);
  });
});

describe("the converted schema validates with ajv8", () => {
  const validator = customizeValidator();
  const f = form(
    { email: { type: "string", format: "email" }, age: { type: "integer", minimum: 13 }, langs: { type: "array", maxItems: 1, items: { type: "string", enum: ["a", "b"] } } },
    ["email"],
  );
  it.each([
    ["valid", { email: "a@b.co", age: 20, langs: ["a"] }, 0],
    ["missing required", { age: 20 }, 1],
    ["bad email, too young, too many", { email: "nope", age: 3, langs: ["a", "b"] }, 3],
  ])("%s", (_n, data, errors) => expect(validator.validateFormData(data, f.schema).errors).toHaveLength(errors));
});
