import { describe, expect, it } from "vitest";
import { acceptResult, contentFrom } from "./elicitContent";
import { readSchema } from "./elicitSchema";

/** The legacy conformance scenario elicitation-sep1034-client-defaults: every field optional with a default. */
const sep1034 = readSchema({
  type: "object",
  properties: {
    name: { type: "string", default: "John Doe" },
    age: { type: "integer", default: 30 },
    score: { type: "number", default: 95.5 },
    status: { type: "string", enum: ["active", "inactive"], default: "active" },
    verified: { type: "boolean", default: true },
  },
});

const mixed = readSchema({
  type: "object",
  properties: {
    name: { type: "string" },
    tags: { type: "array", items: { type: "string", enum: ["a", "b"] } },
    picks: { type: "array", items: { type: "string", enum: ["a", "b"] } },
    ok: { type: "boolean" },
    n: { type: "number" },
    extra: { type: "object" },
  },
  required: ["picks"],
});

describe("contentFrom", () => {
  it("sends untouched defaults (SEP-1034)", () => {
    expect(acceptResult(sep1034, sep1034.initial)).toEqual({ action: "accept", content: { name: "John Doe", age: 30, score: 95.5, status: "active", verified: true } });
  });

  it.each([
    ["empty string and empty optional array are left out", { name: "", tags: [], picks: ["a"] }, { picks: ["a"] }],
    ["an emptied required array is an answer", { picks: [] }, { picks: [] }],
    ["false is an answer", { ok: false, picks: ["b"] }, { ok: false, picks: ["b"] }],
    ["zero is an answer", { n: "0", picks: ["a"] }, { n: 0, picks: ["a"] }],
    ["fields not in the schema are dropped", { ghost: "x", name: "Ada", picks: ["a"] }, { name: "Ada", picks: ["a"] }],
    ["options not offered are dropped", { picks: ["a", "zzz"] }, { picks: ["a"] }],
    ["raw JSON is parsed", { extra: '{"a":[1,2]}', picks: ["a"] }, { extra: { a: [1, 2] }, picks: ["a"] }],
    ["blank raw JSON is left out", { extra: "  ", picks: ["a"] }, { picks: ["a"] }],
  ])("%s", (_n, data, content) => {
    expect(contentFrom(mixed, data as Record<string, unknown>)).toEqual({ content, problems: {} });
  });

  it.each([
    ["an unanswered required multi-select", mixed, {}, { picks: "“picks” is required: tick the options to send." }],
    ["raw JSON that does not parse", mixed, { extra: "{nope", picks: ["a"] }, { extra: "“extra” is not valid JSON." }],
    ["a number that is not one", mixed, { n: "12abc", picks: ["a"] }, { n: "“n” must be a number, like 42 or 3.5." }],
  ])("refuses %s in words", (_n, form, data, problems) => {
    expect(contentFrom(form, data).problems).toEqual(problems);
  });

  const rules = readSchema({
    type: "object",
    properties: {
      s: { type: "string", title: "Code", minLength: 2, maxLength: 3 },
      i: { type: "integer", title: "Count", minimum: 1, maximum: 9 },
      d: { type: "string", title: "Day", format: "date" },
      t: { type: "string", title: "When", format: "date-time" },
      u: { type: "string", title: "Link", format: "uri" },
      m: { type: "array", title: "Tags", minItems: 2, items: { type: "string", enum: ["a", "b", "c"] } },
      b: { type: "boolean", title: "Sure" },
      e: { type: "string", title: "Pick", oneOf: [{ const: "x", title: "X" }] },
    },
    required: ["b", "e", "s"],
  });
  it.each([
    ["s", "a", "“Code” must be at least 2 characters long (it has 1)."],
    ["s", "abcd", "“Code” must be at most 3 characters long (it has 4)."],
    ["s", "", "“Code” is required: type a value (an empty text is not sent)."],
    ["i", "1.5", "“Count” must be a whole number."],
    ["i", "0", "“Count” must be 1 or more."],
    ["i", "10", "“Count” must be 9 or less."],
    ["d", "2026-02-30", "“Day” must be a date written as year-month-day, like 2026-12-31."],
    ["t", "2026-12-31 09:30", "“When” must be a date and time with a time zone, like 2026-12-31T09:30:00Z."],
    ["u", "example.com", "“Link” must be a full URL, like https://example.com/page."],
    ["m", ["a"], "“Tags” needs at least 2 options ticked (1 now)."],
    ["b", undefined, "“Sure” is required: choose Yes or No."],
    ["e", undefined, "“Pick” is required: choose one of its options."],
  ])("%s = %j: %s", (name, value, message) => {
    const base: Record<string, unknown> = { s: "ab", b: true, e: "x" };
    expect(contentFrom(rules, { ...base, [name]: value }).problems[name]).toBe(message);
  });

  it("accepts valid values of each format", () => {
    const r = contentFrom(rules, { s: "ab", b: true, e: "x", d: "2026-12-31", t: "2026-12-31T09:30:00+01:00", u: "https://example.com/", i: "5" });
    expect(r).toEqual({ problems: {}, content: { s: "ab", b: true, e: "x", d: "2026-12-31", t: "2026-12-31T09:30:00+01:00", u: "https://example.com/", i: 5 } });
  });

  it("does not read inherited properties", () => {
    expect(contentFrom(readSchema({ type: "object", properties: { toString: { type: "string" } } }), {}).content).toEqual({});
  });
});

describe("a raw JSON field is checked against its own schema", () => {
  const nested = readSchema({
    type: "object",
    properties: { address: { type: "object", title: "Address", properties: { city: { type: "string" }, zip: { type: "string", pattern: "^[0-9]{5}$" } }, required: ["city"] } },
    required: ["address"],
  });

  it.each([
    ["a number", "5", /^“Address” does not match its schema: the value: .*object/],
    ["a string", '"text"', /^“Address” does not match its schema: the value: .*object/],
    ["an object missing a required key", '{"zip": "12345"}', /^“Address” does not match its schema: .*city/],
    ["a key breaking its pattern", '{"city": "Oslo", "zip": "x"}', /^“Address” does not match its schema: \/zip: .*pattern/],
  ])("refuses %s", (_n, typed, problem) => {
    const r = contentFrom(nested, { address: typed });
    expect(r.content).toEqual({});
    expect(r.problems.address).toMatch(problem);
  });

  it("sends a value that matches", () => {
    expect(contentFrom(nested, { address: '{"city": "Oslo", "zip": "01234"}' })).toEqual({ content: { address: { city: "Oslo", zip: "01234" } }, problems: {} });
  });
});
