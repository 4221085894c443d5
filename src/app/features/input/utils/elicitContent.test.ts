import { describe, expect, it } from "vitest";
import { acceptResult, contentFrom } from "./elicitContent";
import { toRjsfForm } from "./elicitSchema";

/** The legacy conformance scenario elicitation-sep1034-client-defaults: every field optional with a default. */
const sep1034 = toRjsfForm({
  type: "object",
  properties: {
    name: { type: "string", default: "John Doe" },
    age: { type: "integer", default: 30 },
    score: { type: "number", default: 95.5 },
    status: { type: "string", enum: ["active", "inactive"], default: "active" },
    verified: { type: "boolean", default: true },
  },
});

const mixed = toRjsfForm({
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
    ["nothing filled", {}, {}],
    ["empty string and empty optional array are left out", { name: "", tags: [] }, {}],
    ["an empty required array is kept", { picks: [] }, { picks: [] }],
    ["false is an answer", { ok: false }, { ok: false }],
    ["zero is an answer", { n: 0 }, { n: 0 }],
    ["NaN is not", { n: Number.NaN }, {}],
    ["fields not in the schema are dropped", { ghost: "x", name: "Ada" }, { name: "Ada" }],
    ["raw JSON is parsed", { extra: '{"a":[1,2]}' }, { extra: { a: [1, 2] } }],
    ["blank raw JSON is left out", { extra: "  " }, {}],
  ])("%s", (_n, data, content) => {
    expect(contentFrom(mixed, data as Record<string, unknown>)).toEqual({ content, problems: {} });
  });

  it("reports raw JSON that does not parse", () => {
    expect(contentFrom(mixed, { extra: "{nope" })).toEqual({ content: {}, problems: { extra: "is not valid JSON" } });
  });

  it("does not read inherited properties", () => {
    expect(contentFrom(toRjsfForm({ type: "object", properties: { toString: { type: "string" } } }), {}).content).toEqual({});
  });
});
