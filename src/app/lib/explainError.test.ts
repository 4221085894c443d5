import { describe, expect, it } from "vitest";
import { McpError } from "../../core";
import { explainError } from "./explainError";

describe("explainError", () => {
  it.each([
    [new McpError({ kind: "protocol", code: -32021, message: "x", data: { requiredCapabilities: { elicitation: { url: {} } } } }), /elicitation \(url\)/],
    [new McpError({ kind: "protocol", code: -32022, message: "x", data: { supported: ["2025-11-25"], requested: "2026-07-28" } }), /supports: 2025-11-25/],
    [new McpError({ kind: "protocol", code: -32602, message: "requestState expired 3 s ago", data: { reason: "expired" } }), /expired/],
    [new McpError({ kind: "tooManyRounds", message: "cap is 10" }), /kept asking/],
    [new McpError({ kind: "transport", message: "fetch failed", status: 404 }), /fetch failed/],
    [new McpError({ kind: "unsupported", message: "no handler" }), /no handler/],
  ])("puts %s in words", (error, pattern) => {
    const e = explainError(error);
    expect(`${e.title} ${e.detail}`).toMatch(pattern);
  });

  it("names a -32602 about the token as a refused request state (by its data.reason, not its text)", () => {
    expect(explainError(new McpError({ kind: "protocol", code: -32602, message: "requestState signature does not match", data: { reason: "signature" } })).title).toMatch(/Request state refused/);
    expect(explainError(new McpError({ kind: "protocol", code: -32602, message: "Unknown tool: x" })).title).toBe("-32602 InvalidParams");
    expect(explainError(new McpError({ kind: "protocol", code: -32602, message: "requestState is what this text says" })).title).toBe("-32602 InvalidParams");
  });

  it.each([
    [{ kind: "transport", message: "bad frame from peer: not JSON: x", reason: { type: "badFrame", problem: "notJson" } }, "The answer is not JSON"],
    [{ kind: "transport", message: "the frame is 10.2 MB, over the 8 MB cap", reason: { type: "badFrame", problem: "tooLarge" } }, "Answer too large"],
    [{ kind: "transport", message: "the frame nests deeper than 128 levels", reason: { type: "badFrame", problem: "tooDeep" } }, "Answer nested too deep"],
    [{ kind: "transport", message: "result is not an object", reason: { type: "badFrame", problem: "notMessage" } }, "The answer is not a JSON-RPC message"],
    [{ kind: "transport", message: "response stream broke", reason: { type: "streamCut" } }, "The answer stopped halfway"],
    [{ kind: "protocol", message: "the tools/call result is malformed: content is a string, not a list", reason: { type: "badResult", field: "content" } }, "Malformed result"],
    [{ kind: "protocol", message: 'URL elicitation "k" links to a javascript: URL', reason: { type: "badInputRequest", key: "k" } }, "Input request refused"],
    [{ kind: "protocol", message: "requestState is 1 MB", reason: { type: "badRequestState", length: 1048576 } }, "Request state refused"],
    [{ kind: "protocol", message: 'input request "run" has an unknown method: shell/exec' }, "The server broke the protocol"],
    [{ kind: "timeout", message: "tools/call got no answer in 60000 ms" }, "No answer in time"],
  ] as const)("names a hostile server's fault: %j", (init, title) => {
    const e = explainError(new McpError(init as ConstructorParameters<typeof McpError>[0]));
    expect(e.title).toBe(title);
    expect(e.detail).toContain(init.message);
    expect(e.hint).toBeTruthy();
  });
});
