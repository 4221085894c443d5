import { describe, expect, it } from "vitest";
import { checkResultShape } from "./resultShape";

describe("checkResultShape", () => {
  it("passes results of the right shape", () => {
    expect(() => checkResultShape("tools/call", { content: [{ type: "text", text: "x" }], isError: false })).not.toThrow();
    expect(() => checkResultShape("tools/call", { content: [] })).not.toThrow();
    expect(() => checkResultShape("prompts/get", { messages: [{ role: "user", content: { type: "text", text: "x" } }] })).not.toThrow();
    expect(() => checkResultShape("resources/read", { contents: [{ uri: "demo://x", text: "x" }] })).not.toThrow();
  });

  it.each([
    ["tools/call", {}, "the tools/call result is malformed: content is missing, not a list"],
    ["tools/call", { content: "<b>x</b>" }, "the tools/call result is malformed: content is a string, not a list"],
    ["tools/call", { content: [null] }, "the tools/call result is malformed: content[0] is null, not an object"],
    ["tools/call", { content: [{ text: "no type" }] }, "the tools/call result is malformed: content[0] has no type"],
    ["tools/call", { content: [], isError: "yes" }, "the tools/call result is malformed: isError is a string, not a boolean"],
    ["prompts/get", { messages: [{ role: "user", content: "x" }] }, "the prompts/get result is malformed: messages[0] has no content object"],
    ["resources/read", { contents: [{ text: "x" }] }, "the resources/read result is malformed: contents[0] has no uri"],
  ] as const)("%s %j is a protocol error", (method, result, message) => {
    expect(() => checkResultShape(method, result as Record<string, unknown>)).toThrow(message);
  });
});
