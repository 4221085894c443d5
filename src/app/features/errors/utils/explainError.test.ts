import { describe, expect, it } from "vitest";
import { McpError } from "../../../../core/jsonrpc/errors";
import { explainError } from "./explainError";

describe("explainError", () => {
  it.each([
    [new McpError({ kind: "protocol", code: -32021, message: "x", data: { requiredCapabilities: { elicitation: { url: {} } } } }), /elicitation \(url\)/],
    [new McpError({ kind: "protocol", code: -32022, message: "x", data: { supported: ["2025-11-25"], requested: "2026-07-28" } }), /supports: 2025-11-25/],
    [new McpError({ kind: "protocol", code: -32602, message: "requestState expired 3 s ago" }), /expired/],
    [new McpError({ kind: "tooManyRounds", message: "cap is 10" }), /kept asking/],
    [new McpError({ kind: "transport", message: "fetch failed", status: 404 }), /fetch failed/],
    [new McpError({ kind: "unsupported", message: "no handler" }), /no handler/],
  ])("puts %s in words", (error, pattern) => {
    const e = explainError(error);
    expect(`${e.title} ${e.detail}`).toMatch(pattern);
  });

  it("names a -32602 about the token as a refused request state", () => {
    expect(explainError(new McpError({ kind: "protocol", code: -32602, message: "requestState signature does not match" })).title).toMatch(/Request state refused/);
    expect(explainError(new McpError({ kind: "protocol", code: -32602, message: "Unknown tool: x" })).title).toBe("-32602 InvalidParams");
  });
});
