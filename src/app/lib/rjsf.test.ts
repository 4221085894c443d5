import { afterEach, describe, expect, it, vi } from "vitest";
import { prepareToolSchema, SCHEMA_LIMITS, validatorFor } from "./rjsf";

describe("prepareToolSchema", () => {
  it.each([
    ["keeps local refs", { type: "object", properties: { a: { $ref: "#/definitions/A" } }, definitions: { A: { type: "string" } } }, { type: "object", properties: { a: { $ref: "#/definitions/A" } }, definitions: { A: { type: "string" } } }, 0],
    ["drops $schema and $id", { $schema: "https://json-schema.org/draft/2020-12/schema", $id: "https://x/y", type: "object" }, { type: "object" }, 0],
    ["cuts a network ref", { type: "object", properties: { a: { $ref: "https://evil.example/s.json", description: "d" } } }, { type: "object", properties: { a: { description: "d" } } }, 1],
    ["cuts a relative file ref", { properties: { a: { $ref: "other.json#/x" } } }, { properties: { a: {} } }, 1],
    ["cuts $dynamicRef", { properties: { a: { $dynamicRef: "#meta" } } }, { properties: { a: {} } }, 1],
  ])("%s", (_n, input, schema, notes) => {
    const p = prepareToolSchema(input);
    expect(p.schema).toEqual(schema);
    expect(p.notes).toHaveLength(notes);
  });

  it("refuses non-objects and oversized schemas, caps depth", () => {
    expect(prepareToolSchema([1]).schema).toBeUndefined();
    const wide = { type: "object", properties: Object.fromEntries(Array.from({ length: SCHEMA_LIMITS.nodes }, (_, i) => [`p${i}`, { type: "string" }])) };
    expect(prepareToolSchema(wide).schema).toBeUndefined();
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 40; i++) deep = { type: "object", properties: { x: deep } };
    expect(prepareToolSchema(deep).notes[0]).toMatch(/deeper/);
  });

  it("keeps the declared dialect for choosing a validator; no $schema is 2020-12", () => {
    const draft = (s: unknown) => validatorFor(prepareToolSchema(s).dialect).draft;
    expect(draft({ $schema: "https://json-schema.org/draft/2020-12/schema" })).toBe("2020-12");
    expect(draft({ $schema: "https://json-schema.org/draft/2019-09/schema" })).toBe("2019-09");
    expect(draft({ $schema: "http://json-schema.org/draft-07/schema#" })).toBe("7");
    expect(draft({ $schema: "http://json-schema.org/draft-06/schema#" })).toBe("7");
    expect(draft({ $schema: "http://json-schema.org/draft-04/schema#" })).toBe("4");
    expect(draft({ type: "object" })).toBe("2020-12");
    expect(validatorFor(undefined)).toBe(validatorFor("https://json-schema.org/draft/2020-12/schema"));
  });
});

describe("validation never fetches", () => {
  afterEach(() => vi.restoreAllMocks());
  it("validates a schema that had a remote ref without touching the network", () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const p = prepareToolSchema({ type: "object", properties: { a: { $ref: "https://evil.example/s.json" }, n: { type: "integer" } }, required: ["n"] });
    const r = validatorFor(p.dialect).validateFormData({ a: 1 }, p.schema!);
    expect(r.errors.map((e) => e.property)).toEqual([".n"]);
    expect(r.errorSchema).toEqual({ n: { __errors: ["n is required."] } });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("even an unprepared remote ref is only an error in words: the validator has no loader", () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const r = validatorFor(undefined).validateFormData({ a: 1 }, { type: "object", properties: { a: { $ref: "https://evil.example/s.json" } } });
    expect(r.errors.map((e) => e.message)).toEqual(['The arguments cannot be checked against this schema: Unresolved $ref "https://evil.example/s.json".']);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("2020-12 schemas with $defs validate", () => {
    const p = prepareToolSchema({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { a: { $ref: "#/$defs/A" } }, $defs: { A: { type: "string", minLength: 2 } } });
    expect(validatorFor(p.dialect).validateFormData({ a: "x" }, p.schema!).errors).toHaveLength(1);
  });
});
