import type { RJSFSchema } from "@rjsf/utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { draftFor, InterpretingValidator } from "./schemaValidator";

const v2020 = new InterpretingValidator("2020-12");
const messages = (data: unknown, schema: RJSFSchema, v = v2020) => v.validateFormData(data as Record<string, unknown>, schema).errors.map((e) => e.message);

const profile: RJSFSchema = {
  type: "object",
  properties: {
    message: { type: "string", title: "Message", minLength: 2, maxLength: 5 },
    times: { type: "integer", minimum: 1, maximum: 9 },
    ratio: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.25 },
    when: { type: "string", format: "date" },
    mail: { type: "string", format: "email", title: "Email" },
    code: { type: "string", pattern: "^[A-Z]{3}$" },
    color: { enum: ["red", "green"] },
    fixed: { const: 42 },
    tags: { type: "array", title: "Tags", items: { type: "string", minLength: 1 }, minItems: 1, maxItems: 3, uniqueItems: true },
    address: { type: "object", title: "Address", properties: { city: { type: "string", title: "City" } }, required: ["city"] },
  },
  required: ["message", "times"],
};

describe("InterpretingValidator: sentences that name the field", () => {
  it.each([
    ["required, by title or by key", {}, ["Message is required.", "times is required."]],
    ["string lengths", { message: "x", times: 1 }, ["Message must be at least 2 characters long (it has 1)."]],
    ["too long", { message: "xxxxxx", times: 1 }, ["Message must be at most 5 characters long (it has 6)."]],
    ["type", { message: 5, times: 1.5 }, ["Message must be text.", "times must be a whole number."]],
    ["minimum and maximum", { message: "hi", times: 0 }, ["times must be 1 or more."]],
    ["maximum", { message: "hi", times: 10 }, ["times must be 9 or less."]],
    ["exclusive bounds and multipleOf", { message: "hi", times: 1, ratio: 1.1 }, ["ratio must be less than 1.", "ratio must be a multiple of 0.25."]],
    ["formats in words", { message: "hi", times: 1, when: "31/12/2026", mail: "nope" }, ["when must be a date written as year-month-day, like 2026-12-31.", "Email must be an email address."]],
    ["pattern", { message: "hi", times: 1, code: "ab" }, ["code must match the pattern ^[A-Z]{3}$."]],
    ["enum and const", { message: "hi", times: 1, color: "blue", fixed: 1 }, ['color must be one of "red", "green".', "fixed must be 42."]],
    ["array items are numbered from 1", { message: "hi", times: 1, tags: ["a", ""] }, ["Tags item 2 must be at least 1 character long (it has 0)."]],
    ["array size and repeats", { message: "hi", times: 1, tags: ["a", "a", "b", "c"] }, ["Tags needs at most 3 items (it has 4).", "Tags must not list the same item twice."]],
    ["nested required", { message: "hi", times: 1, address: {} }, ["City is required."]],
  ])("%s", (_name, data, expected) => {
    expect(messages(data, profile)).toEqual(expected);
  });

  it("puts each sentence under its field's data path", () => {
    const { errorSchema, errors } = v2020.validateFormData({ message: "hi", times: 1, tags: ["a", ""], address: {} }, profile);
    expect(errorSchema).toEqual({ tags: { 1: { __errors: ["Tags item 2 must be at least 1 character long (it has 0)."] } }, address: { city: { __errors: ["City is required."] } } });
    expect(errors.map((e) => e.property)).toEqual([".tags.1", ".address.city"]);
  });

  it("a field a `false` schema forbids is named on its object", () => {
    const schema: RJSFSchema = { type: "object", properties: { opts: { type: "object", title: "Options", properties: { a: { type: "string" } }, additionalProperties: false } }, additionalProperties: false };
    const r = v2020.validateFormData({ opts: { a: "x", extra: 1 }, other: true }, schema);
    expect(r.errors.map((e) => e.message)).toEqual(['Options must not have "extra".', 'The arguments must not have "other".']);
    expect(r.errorSchema).toEqual({ __errors: ['The arguments must not have "other".'], opts: { __errors: ['Options must not have "extra".'] } });
  });

  it("follows $ref (and takes the title from the definition when the property has none)", () => {
    const schema: RJSFSchema = { type: "object", properties: { a: { $ref: "#/$defs/A" } }, $defs: { A: { type: "string", title: "Code word", minLength: 3 } } };
    expect(messages({ a: "x" }, schema)).toEqual(["Code word must be at least 3 characters long (it has 1)."]);
  });

  it("dependentRequired names the missing field under it", () => {
    const schema: RJSFSchema = { type: "object", properties: { card: { type: "string", title: "Card" }, cvc: { type: "string", title: "CVC" } }, dependentRequired: { card: ["cvc"] } };
    const r = v2020.validateFormData({ card: "4111" }, schema);
    expect(r.errorSchema).toEqual({ cvc: { __errors: ["CVC is required when Card is set."] } });
  });

  it("oneOf and anyOf: one sentence for the field, the picked option's own fields still named", () => {
    const either: RJSFSchema = { type: "object", properties: { v: { title: "Value", oneOf: [{ type: "string" }, { type: "number" }] } } };
    expect(messages({ v: true }, either)).toEqual(["Value must match one of its allowed forms."]);
    const both: RJSFSchema = { type: "object", properties: { v: { oneOf: [{ type: "number" }, { type: "integer" }] } } };
    expect(messages({ v: 2 }, both)).toEqual(["v must match exactly one of its allowed forms (it matches 2)."]);
    const shapes: RJSFSchema = {
      type: "object",
      anyOf: [
        { properties: { kind: { const: "circle" }, r: { type: "number", title: "Radius", minimum: 0 } }, required: ["kind", "r"] },
        { properties: { kind: { const: "square" }, side: { type: "number" } }, required: ["kind", "side"] },
      ],
    };
    const r = v2020.validateFormData({ kind: "circle", r: -1 }, shapes);
    expect(r.errorSchema.__errors).toEqual(["The arguments must match at least one of its allowed forms."]);
    expect(r.errorSchema.r?.__errors).toEqual(["Radius must be 0 or more."]);
  });

  it("if/then: the failure inside then speaks, not the wrapper", () => {
    const schema: RJSFSchema = { type: "object", properties: { ship: { type: "boolean" }, zip: { type: "string", title: "ZIP" } }, if: { properties: { ship: { const: true } }, required: ["ship"] }, then: { required: ["zip"] } };
    expect(messages({ ship: true }, schema)).toEqual(["ZIP is required."]);
    expect(messages({ ship: false }, schema)).toEqual([]);
  });
});

describe("InterpretingValidator: rjsf's contract", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("validates with eval and new Function unavailable (the app's CSP has no 'unsafe-eval')", () => {
    const refuse = () => {
      throw new EvalError("Refused to evaluate a string as JavaScript");
    };
    vi.stubGlobal("Function", refuse);
    vi.stubGlobal("eval", refuse);
    const fresh = new InterpretingValidator("2020-12");
    expect(fresh.validateFormData({ message: "hi", times: 0 }, profile).errors.map((e) => e.message)).toEqual(["times must be 1 or more."]);
    expect(fresh.isValid({ type: "string" }, "x" as never, {})).toBe(true);
  });

  it("isValid resolves a sub-schema's refs against the root schema", () => {
    const root: RJSFSchema = { type: "object", properties: { a: { $ref: "#/definitions/A" } }, definitions: { A: { type: "string", minLength: 2 } } };
    expect(v2020.isValid({ $ref: "#/definitions/A" }, "ab" as never, root)).toBe(true);
    expect(v2020.isValid({ $ref: "#/definitions/A" }, "a" as never, root)).toBe(false);
    expect(v2020.isValid({ properties: { a: { $ref: "#/definitions/A" } } }, { a: "a" }, root)).toBe(false);
    expect(v2020.isValid({ $ref: "#/definitions/Missing" }, "a" as never, root)).toBe(false);
  });

  it("leaves rjsf's schema objects as they were and takes data with undefined fields", () => {
    const schema: RJSFSchema = { type: "object", properties: { a: { $ref: "#/$defs/A" } }, $defs: { A: { type: "string" } } };
    const before = JSON.stringify(schema);
    expect(v2020.validateFormData({ a: undefined, b: [undefined] }, schema).errors).toEqual([]);
    expect(JSON.stringify(schema)).toBe(before);
    expect(Object.getOwnPropertyNames(schema)).toEqual(["type", "properties", "$defs"]);
  });

  it("a schema it cannot use is one sentence on the form, not a crash", () => {
    const r = v2020.validateFormData({ a: "x" }, { type: "object", properties: { a: { type: "string", pattern: "(" } } });
    expect(r.errors).toHaveLength(1);
    expect(r.errorSchema.__errors?.[0]).toMatch(/^The arguments cannot be checked against this schema: .*Invalid regular expression/);
    expect(v2020.rawValidation({ properties: { a: { pattern: "(" } } }, { a: "x" }).validationError).toBeInstanceOf(Error);
    expect(v2020.rawValidation({ type: "string" }, 1 as never).errors?.[0]).toMatchObject({ keyword: "type", instanceLocation: "#" });
  });

  it("applies transformErrors and customValidate as rjsf's own validators do", () => {
    const r = v2020.validateFormData(
      { message: "hi", times: 0 },
      profile,
      (data, errors) => {
        if (data?.message === "hi") errors.message?.addError("Say more than hi.");
        return errors;
      },
      (errors) => errors.map((e) => ({ ...e, message: `! ${e.message ?? ""}` })),
    );
    expect(r.errorSchema.times?.__errors).toEqual(["! times must be 1 or more."]);
    expect(r.errorSchema.message?.__errors).toEqual(["Say more than hi."]);
    expect(r.errors.map((e) => e.message)).toEqual(["! times must be 1 or more.", "Say more than hi."]);
  });

  it("draft-04's boolean exclusiveMinimum and draft-07's $ref sibling rule", () => {
    const v4 = new InterpretingValidator("4");
    expect(messages({ n: 0 }, { type: "object", properties: { n: { type: "number", minimum: 0, exclusiveMinimum: true } } } as unknown as RJSFSchema, v4)).toEqual(["n must be more than 0."]);
    const v7 = new InterpretingValidator("7");
    const sibling = { type: "object", properties: { a: { $ref: "#/$defs/S", minLength: 5 } }, $defs: { S: { type: "string" } } } as RJSFSchema;
    expect(messages({ a: "x" }, sibling, v7)).toEqual([]);
    expect(messages({ a: "x" }, sibling)).toEqual(["a must be at least 5 characters long (it has 1)."]);
  });

  it("draftFor maps each declared $schema", () => {
    expect(draftFor(undefined)).toBe("2020-12");
    expect(draftFor("http://json-schema.org/draft-04/schema#")).toBe("4");
    expect(draftFor("http://json-schema.org/draft-07/schema")).toBe("7");
    expect(draftFor("https://json-schema.org/draft/2019-09/schema")).toBe("2019-09");
    expect(draftFor("https://example.com/my-dialect")).toBe("2020-12");
  });
});
