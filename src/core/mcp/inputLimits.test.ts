import { describe, expect, it } from "vitest";
import { MAX_SCHEMA_DEPTH, MAX_SCHEMA_NODES, checkElicitationUrl, checkRequestedSchema } from "./inputLimits";

function nested(levels: number): Record<string, unknown> {
  let inner: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < levels; i++) inner = { type: "object", properties: { next: inner } };
  return { type: "object", properties: { root: inner } };
}

describe("checkElicitationUrl", () => {
  it.each(["https://auth.example.com/x?y=1", "http://127.0.0.1:8080/cb", "https://xn--80ak6aa92e.com/"])("lets %s through (the UI warns)", (url) => {
    expect(() => checkElicitationUrl("k", url)).not.toThrow();
  });

  it.each([
    ["javascript:alert(1)", /links to a javascript: URL; only http and https/],
    ["JavaScript:alert(1)", /javascript: URL/],
    ["data:text/html,<script>x</script>", /data: URL/],
    ["file:///etc/passwd", /file: URL/],
    ["/relative/path", /not an absolute URL/],
    [`https://example.com/${"a".repeat(9000)}`, /over the 8192-character cap/],
  ])("refuses %s", (url, message) => {
    expect(() => checkElicitationUrl("k", url)).toThrow(message);
  });
});

describe("checkRequestedSchema", () => {
  it("passes the flat MCP subset and schemas only a little outside it", () => {
    const survey = {
      type: "object",
      properties: {
        pick: { type: "array", items: { anyOf: [{ const: "a", title: "A" }] }, default: ["a"] },
        address: { type: "object", properties: { street: { type: "string" } } },
        shared: { $ref: "#/$defs/s" },
      },
      $defs: { s: { type: "string" } },
      required: ["pick"],
    };
    expect(() => checkRequestedSchema("k", survey)).not.toThrow();
    expect(() => checkRequestedSchema("k", nested(3))).not.toThrow();
  });

  it(`refuses nesting past ${MAX_SCHEMA_DEPTH} levels, however deep`, () => {
    expect(() => checkRequestedSchema("k", nested(50))).toThrow(/nests more than 10 levels deep/);
    expect(() => checkRequestedSchema("k", nested(20_000))).toThrow(/nests more than 10 levels deep/);
  });

  it(`refuses more than ${MAX_SCHEMA_NODES} values`, () => {
    const properties = Object.fromEntries(Array.from({ length: 6000 }, (_, i) => [`f${i}`, { type: "string" }]));
    expect(() => checkRequestedSchema("k", { type: "object", properties })).toThrow(/more than 10000 values/);
  });

  it.each([
    ["a $ref to the schema itself", { type: "object", properties: { me: { $ref: "#" } } }],
    ["a $ref to its own ancestor", { type: "object", properties: { a: { type: "object", properties: { b: { $ref: "#/properties/a" } } } } }],
    ["two definitions that refer to each other", { $defs: { a: { properties: { b: { $ref: "#/$defs/b" } } }, b: { items: { $ref: "#/$defs/a" } } }, properties: { x: { $ref: "#/$defs/a" } } }],
  ])("refuses %s as recursive", (_name, schema) => {
    expect(() => checkRequestedSchema("k", schema)).toThrow(/is recursive/);
  });

  it("does not follow (or fetch) references outside the document", () => {
    expect(() => checkRequestedSchema("k", { properties: { x: { $ref: "https://evil.example/schema.json" } } })).not.toThrow();
  });
});
