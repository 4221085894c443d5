import { describe, expect, it } from "vitest";
import { encodeHeaderValue, mcpNameOf, paramHeaders, validateToolHeaders } from "./headers";
import { notification, request, resultResponse } from "../jsonrpc/messages";

describe("mcpNameOf", () => {
  it.each([
    ["tools/call", { name: "execute_sql" }, "execute_sql"],
    ["prompts/get", { name: "test_prompt" }, "test_prompt"],
    ["resources/read", { uri: "file:///path/to/file%20name.txt" }, "file:///path/to/file%20name.txt"],
    ["resources/read", { name: "not-the-uri" }, undefined],
    ["tools/list", { name: "ignored" }, undefined],
    ["tools/call", { name: 42 }, undefined],
  ])("%s %j → %s", (method, params, expected) => {
    expect(mcpNameOf(request(1, method, params))).toBe(expected);
  });

  it("is undefined for responses and applies to notifications only by method", () => {
    expect(mcpNameOf(resultResponse(1, {}))).toBeUndefined();
    expect(mcpNameOf(notification("notifications/initialized"))).toBeUndefined();
  });
});

describe("encodeHeaderValue", () => {
  it.each([
    // §10.2 http-custom-headers values, plus the spec's encoding table.
    ["us-west1", "us-west1"],
    ["us west 1", "us west 1"],
    ["", ""],
    ["test-method", "test-method"],
    ["https://example.com/resource?id=123", "https://example.com/resource?id=123"],
    ["Hello, 世界", "=?base64?SGVsbG8sIOS4lueVjA==?="],
    [" padded ", "=?base64?IHBhZGRlZCA=?="],
    [" us-west1", "=?base64?IHVzLXdlc3Qx?="],
    ["us-west1 ", "=?base64?dXMtd2VzdDEg?="],
    ["line1\nline2", "=?base64?bGluZTEKbGluZTI=?="],
    ["line1\r\nline2", "=?base64?bGluZTENCmxpbmUy?="],
    ["\tindented", "=?base64?CWluZGVudGVk?="],
    ["=?base64?literal?=", "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="],
    ["=?base64?not-closed", "=?base64?not-closed"],
    ["caf\u00e9\u007f", "=?base64?Y2Fmw6l/?="],
  ])("%j → %j", (value, expected) => {
    expect(encodeHeaderValue(value)).toBe(expected);
  });
});

/** The two tools of the conformance scenario http-custom-headers (0.2.0-alpha.8 and later). */
const customHeadersSchema = {
  type: "object",
  properties: {
    region: { type: "string", "x-mcp-header": "Region" },
    priority: { type: "integer", "x-mcp-header": "Priority" },
    verbose: { type: "boolean", "x-mcp-header": "Verbose" },
    debug: { type: "boolean", "x-mcp-header": "Debug" },
    empty_val: { type: "string", "x-mcp-header": "EmptyVal" },
    method_val: { type: "string", "x-mcp-header": "Method" },
    float_val: { type: "number" },
    non_ascii_val: { type: "string", "x-mcp-header": "NonAscii" },
    whitespace_val: { type: "string", "x-mcp-header": "Whitespace" },
    leading_space_val: { type: "string", "x-mcp-header": "LeadingSpace" },
    trailing_space_val: { type: "string", "x-mcp-header": "TrailingSpace" },
    internal_space_val: { type: "string", "x-mcp-header": "InternalSpace" },
    control_char_val: { type: "string", "x-mcp-header": "ControlChar" },
    crlf_val: { type: "string", "x-mcp-header": "CrLf" },
    tab_val: { type: "string", "x-mcp-header": "Tab" },
    query: { type: "string" },
  },
  required: ["region", "priority", "query"],
};

describe("paramHeaders", () => {
  it("mirrors the http-custom-headers arguments exactly", () => {
    const headers = paramHeaders(customHeadersSchema, {
      region: "us-west1",
      priority: 42,
      verbose: false,
      debug: true,
      empty_val: "",
      method_val: "test-method",
      float_val: 3.14159,
      non_ascii_val: "Hello, 世界",
      whitespace_val: " padded ",
      leading_space_val: " us-west1",
      trailing_space_val: "us-west1 ",
      internal_space_val: "us west 1",
      control_char_val: "line1\nline2",
      crlf_val: "line1\r\nline2",
      tab_val: "\tindented",
      query: "SELECT * FROM users",
    });
    expect(headers).toEqual({
      "Mcp-Param-Region": "us-west1",
      "Mcp-Param-Priority": "42",
      "Mcp-Param-Verbose": "false",
      "Mcp-Param-Debug": "true",
      "Mcp-Param-EmptyVal": "",
      "Mcp-Param-Method": "test-method",
      "Mcp-Param-NonAscii": "=?base64?SGVsbG8sIOS4lueVjA==?=",
      "Mcp-Param-Whitespace": "=?base64?IHBhZGRlZCA=?=",
      "Mcp-Param-LeadingSpace": "=?base64?IHVzLXdlc3Qx?=",
      "Mcp-Param-TrailingSpace": "=?base64?dXMtd2VzdDEg?=",
      "Mcp-Param-InternalSpace": "us west 1",
      "Mcp-Param-ControlChar": "=?base64?bGluZTEKbGluZTI=?=",
      "Mcp-Param-CrLf": "=?base64?bGluZTENCmxpbmUy?=",
      "Mcp-Param-Tab": "=?base64?CWluZGVudGVk?=",
    });
  });

  it("omits null and absent values (test_custom_headers_null)", () => {
    const headers = paramHeaders(customHeadersSchema, { region: "us-east1", priority: 1, verbose: null, query: "SELECT 1" });
    expect(headers).toEqual({ "Mcp-Param-Region": "us-east1", "Mcp-Param-Priority": "1" });
  });

  it.each([
    ["number-typed annotation", { type: "number", "x-mcp-header": "F" }, 3.14159],
    ["number-typed annotation with an integer value", { type: "number", "x-mcp-header": "F" }, 3],
    ["ill-typed value", { type: "integer", "x-mcp-header": "F" }, "42"],
    ["fractional integer value", { type: "integer", "x-mcp-header": "F" }, 4.5],
    ["unsafe integer value", { type: "integer", "x-mcp-header": "F" }, 2 ** 53],
    ["object value", { type: "string", "x-mcp-header": "F" }, { a: 1 }],
    ["invalid header name", { type: "string", "x-mcp-header": "My F" }, "x"],
  ])("sends nothing for a %s", (_label, prop, value) => {
    expect(paramHeaders({ type: "object", properties: { f: prop } }, { f: value })).toEqual({});
  });

  it("follows nested properties to the exact path", () => {
    const schema = {
      type: "object",
      properties: { options: { type: "object", properties: { limit: { type: "integer", "x-mcp-header": "Limit" } } } },
    };
    expect(paramHeaders(schema, { options: { limit: -7 } })).toEqual({ "Mcp-Param-Limit": "-7" });
    expect(paramHeaders(schema, { limit: 5 })).toEqual({});
    expect(paramHeaders(schema, { options: null })).toEqual({});
  });
});

function tool(properties: Record<string, unknown>): { inputSchema: unknown } {
  return { inputSchema: { type: "object", properties } };
}

describe("validateToolHeaders", () => {
  it("accepts valid_tool, the http-custom-headers tools, nested properties and unannotated tools", () => {
    expect(validateToolHeaders(tool({ region: { type: "string", "x-mcp-header": "Region" } }))).toEqual({ ok: true });
    expect(validateToolHeaders({ inputSchema: customHeadersSchema })).toEqual({ ok: true });
    expect(
      validateToolHeaders(tool({ o: { type: "object", properties: { n: { type: "integer", "x-mcp-header": "N", maximum: 10 } } } })),
    ).toEqual({ ok: true });
    expect(validateToolHeaders(tool({ q: { type: "string" } }))).toEqual({ ok: true });
    expect(validateToolHeaders({ inputSchema: { type: "object" } })).toEqual({ ok: true });
    expect(validateToolHeaders({})).toEqual({ ok: true });
  });

  it("ignores x-mcp-header inside instance data and as a property name", () => {
    expect(validateToolHeaders(tool({ d: { type: "object", default: { "x-mcp-header": "" } } }))).toEqual({ ok: true });
    expect(validateToolHeaders(tool({ "x-mcp-header": { type: "string" } }))).toEqual({ ok: true });
  });

  // The ten invalid tools of the conformance scenario http-invalid-tool-headers, then the other rules.
  it.each([
    ["invalid_empty_header", tool({ value: { type: "string", "x-mcp-header": "" } }), /empty/],
    ["invalid_object_header", tool({ data: { type: "object", "x-mcp-header": "Data" } }), /"object"/],
    ["invalid_array_header", tool({ items: { type: "array", items: { type: "string" }, "x-mcp-header": "Items" } }), /"array"/],
    ["invalid_null_header", tool({ nil: { type: "null", "x-mcp-header": "Nil" } }), /"null"/],
    [
      "invalid_duplicate_same_case",
      tool({ field1: { type: "string", "x-mcp-header": "Region" }, field2: { type: "string", "x-mcp-header": "Region" } }),
      /repeats/,
    ],
    [
      "invalid_duplicate_diff_case",
      tool({ field1: { type: "string", "x-mcp-header": "MyField" }, field2: { type: "string", "x-mcp-header": "myfield" } }),
      /repeats "MyField"/,
    ],
    ["invalid_space_in_name", tool({ value: { type: "string", "x-mcp-header": "My Region" } }), /token/],
    ["invalid_colon_in_name", tool({ value: { type: "string", "x-mcp-header": "Region:Primary" } }), /token/],
    ["invalid_non_ascii_name", tool({ value: { type: "string", "x-mcp-header": "Région" } }), /token/],
    ["invalid_control_char_name", tool({ value: { type: "string", "x-mcp-header": "Region\t1" } }), /token/],
    ["number type", tool({ f: { type: "number", "x-mcp-header": "F" } }), /"number"/],
    ["missing type", tool({ f: { "x-mcp-header": "F" } }), /null/],
    ["type list", tool({ f: { type: ["string", "null"], "x-mcp-header": "F" } }), /not string/],
    ["non-string annotation", tool({ f: { type: "string", "x-mcp-header": 7 } }), /not a string/],
    ["CR/LF in the name", tool({ f: { type: "string", "x-mcp-header": "A\r\nB" } }), /token/],
    ["under items", tool({ a: { type: "array", items: { type: "string", "x-mcp-header": "A" } } }), /properties.a.items/],
    ["under anyOf", tool({ a: { anyOf: [{ type: "string", "x-mcp-header": "A" }] } }), /anyOf.0/],
    ["under allOf", tool({ a: { allOf: [{ type: "string", "x-mcp-header": "A" }] } }), /not reachable/],
    ["under oneOf", tool({ a: { oneOf: [{ type: "string", "x-mcp-header": "A" }] } }), /not reachable/],
    ["under not", tool({ a: { not: { type: "string", "x-mcp-header": "A" } } }), /not reachable/],
    ["under if/then/else", tool({ a: { if: {}, then: { type: "string", "x-mcp-header": "A" } } }), /then/],
    ["under additionalProperties", tool({ a: { type: "object", additionalProperties: { type: "string", "x-mcp-header": "A" } } }), /not reachable/],
    ["behind $ref", { inputSchema: { type: "object", properties: { a: { $ref: "#/$defs/a" } }, $defs: { a: { type: "string", "x-mcp-header": "A" } } } }, /\$defs.a/],
    ["on the root", { inputSchema: { type: "object", "x-mcp-header": "Root" } }, /root/],
    ["an unsafe integer const", tool({ n: { type: "integer", "x-mcp-header": "N", const: 2 ** 53 } }), /2\^53/],
    ["an unsafe integer in enum", tool({ n: { type: "integer", "x-mcp-header": "N", enum: [1, -(2 ** 53)] } }), /2\^53/],
  ])("rejects %s", (_label, t, reason) => {
    const check = validateToolHeaders(t);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(reason);
  });
});
