import { describe, expect, it } from "vitest";
import { McpError } from "../../../../core";
import { failedBeforeAnAnswer } from "./BridgeOffer";

const url = { kind: "url" as const, url: "http://127.0.0.1:9/mcp", headers: [] };

describe("failedBeforeAnAnswer: when the bridge is offered for a direct HTTP target", () => {
  it("a fetch that failed with no answer at all (down, or no CORS headers)", () => {
    expect(failedBeforeAnAnswer(url, new McpError({ kind: "transport", message: "POST server/discover to http://127.0.0.1:9/mcp failed: Failed to fetch" }))).toBe(true);
  });

  it.each([
    ["an HTTP status (the server answered)", new McpError({ kind: "transport", status: 404, message: "HTTP 404" })],
    ["a stream cut midway (the server answered)", new McpError({ kind: "transport", reason: { type: "streamCut" }, message: "cut" } as ConstructorParameters<typeof McpError>[0])],
    ["a timeout", new McpError({ kind: "timeout", message: "no answer" })],
    ["a protocol error", new McpError({ kind: "protocol", code: -32600, message: "bad" })],
    ["no error", undefined],
  ])("not for %s", (_what, error) => expect(failedBeforeAnAnswer(url, error)).toBe(false));

  it("not for a target that already goes through the bridge, or is not HTTP", () => {
    const failed = new McpError({ kind: "transport", message: "Failed to fetch" });
    expect(failedBeforeAnAnswer({ ...url, kind: "bridge-http" }, failed)).toBe(false);
    expect(failedBeforeAnAnswer({ kind: "embedded" }, failed)).toBe(false);
  });
});
