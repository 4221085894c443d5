import { describe, expect, it } from "vitest";
import { samplingMessagesProblem, samplingReplyProblem } from "./samplingTools";
import { samplingConversation } from "./samplingConversation";

const user = (content: unknown) => ({ role: "user", content });
const assistant = (content: unknown) => ({ role: "assistant", content });
const use = (id: string, name = "t") => ({ type: "tool_use", id, name, input: {} });
const result = (toolUseId: string) => ({ type: "tool_result", toolUseId, content: [{ type: "text", text: "ok" }] });
const TOOLS = { tools: [{ name: "t", inputSchema: { type: "object" } }] };

describe("samplingMessagesProblem", () => {
  it.each([
    [[user({ type: "text", text: "hi" })], undefined],
    [[user({ type: "text", text: "hi" }), assistant([use("a")]), user([result("a")])], undefined],
    [[assistant([use("a")])], "the tool_use in message 0 has no tool_result after it"],
    [[assistant([use("a"), use("b")]), user([result("a")])], 'tool_use "b" in message 0 has no matching tool_result in message 1'],
    [[assistant([use("a")]), user([result("a"), { type: "text", text: "x" }])], "message 1 mixes tool_result with other content"],
    [[assistant([result("a")])], "message 0 holds tool_result but its role is assistant, not user"],
    [[user([use("a")])], "message 0 holds tool_use but its role is user, not assistant"],
  ])("%j -> %s", (messages, problem) => {
    expect(samplingMessagesProblem({ messages })).toBe(problem);
  });
});

describe("samplingReplyProblem", () => {
  it.each([
    [TOOLS, { role: "assistant", model: "m", content: { type: "text", text: "hi" } }, undefined],
    [TOOLS, { role: "assistant", model: "m", content: [use("a"), use("b")] }, undefined],
    [{}, { role: "assistant", model: "m", content: [use("a")] }, "the reply uses a tool, but the request offered none"],
    [{ ...TOOLS, toolChoice: { mode: "none" } }, { role: "assistant", model: "m", content: [use("a")] }, 'the reply uses a tool, but the request\'s toolChoice is "none"'],
    [TOOLS, { role: "assistant", model: "m", content: [use("a", "x")] }, 'tool_use names "x", which the request did not offer (t)'],
    [TOOLS, { role: "assistant", model: "m", content: [use("a"), use("a")] }, 'two tool_use blocks share the id "a"'],
    [TOOLS, { role: "assistant", model: "m", content: [result("a")] }, "a reply cannot hold tool_result (results go to the server's next request)"],
    [TOOLS, { role: "assistant", content: [] }, "the reply names no model"],
    [TOOLS, { role: "assistant", model: "m", content: [] }, "the reply has no content"],
  ])("%j %j -> %s", (request, reply, problem) => {
    expect(samplingReplyProblem(request, reply)).toBe(problem);
  });
});

describe("samplingConversation", () => {
  it("pairs each tool_result with the tool it answers", () => {
    const talk = samplingConversation({ messages: [user({ type: "text", text: "q" }), assistant([use("a", "get_weather")]), user([{ ...result("a"), isError: true }])] });
    expect(talk[0]?.blocks).toEqual([{ type: "text", text: "q" }]);
    expect(talk[1]?.toolUses).toEqual([{ id: "a", name: "get_weather", input: {} }]);
    expect(talk[2]?.toolResults).toEqual([{ toolUseId: "a", toolName: "get_weather", isError: true, content: [{ type: "text", text: "ok" }], structuredContent: undefined }]);
  });
});
