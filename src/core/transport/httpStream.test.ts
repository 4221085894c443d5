import { describe, expect, it } from "vitest";
import { McpError } from "../errors";
import { frameEvent } from "./httpStream";

describe("frameEvent", () => {
  it("turns a line that is not JSON into a broken frame that keeps its text", () => {
    const event = frameEvent("Starting server on port 3000", undefined);
    expect(event).toMatchObject({ type: "error", raw: "Starting server on port 3000" });
    const error = (event as { error: unknown }).error;
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ kind: "transport", reason: { type: "badFrame", problem: "notJson" }, message: 'bad frame from server: not JSON: unexpected "S" at position 0' });
  });

  it("gives lines refused in the same words the same error value, and others their own", () => {
    const errorOf = (raw: string): unknown => (frameEvent(raw, undefined) as { error: unknown }).error;
    const first = errorOf("xxxxxxxxx");
    expect(errorOf("xyz")).toBe(first);
    const other = errorOf("Starting");
    expect(other).not.toBe(first);
    expect(other).toMatchObject({ message: 'bad frame from server: not JSON: unexpected "S" at position 0' });
    // However many different words come, the cache stays bounded and every error stays right.
    for (let i = 0; i < 500; i++) expect(errorOf(`${" ".repeat(i)}?`)).toMatchObject({ message: `bad frame from server: not JSON: unexpected "?" at position ${i}` });
  });

  it("passes a message, and keeps the request it answers", () => {
    const raw = '{"jsonrpc":"2.0","id":1,"result":{}}';
    expect(frameEvent(raw, 1)).toEqual({ type: "message", message: { jsonrpc: "2.0", id: 1, result: {} }, raw, relatedRequestId: 1 });
  });
});
