import { describe, expect, it } from "vitest";
import { mockReplyText, mockResult, parseScript, promptText } from "./mockModel";

const ask = (...texts: string[]) => ({ messages: texts.map((text) => ({ role: "user", content: { type: "text", text } })), maxTokens: 10 });

describe("parseScript", () => {
  it("reads patterns, plain replies, comments and bad lines", () => {
    const s = parseScript("# a comment\n/summar(y|ize)/i => A summary.\n\nFirst reply\n/([/ => broken\nSecond reply");
    expect(s.rules.map((r) => [r.pattern?.source, r.reply])).toEqual([
      ["summar(y|ize)", "A summary."],
      [undefined, "First reply"],
      [undefined, "Second reply"],
    ]);
    expect(s.problems).toHaveLength(1);
    expect(s.problems[0]).toMatch(/^line 5:/);
  });
});

describe("mockReplyText", () => {
  const script = parseScript("/welcome/i => Welcome aboard!\n/name is (\\w+)/ => Hello, $1.\nOne\nTwo");
  it.each<[string, Record<string, unknown>, number, string | undefined]>([
    ["a pattern match", ask("Write a WELCOME line"), 0, "Welcome aboard!"],
    ["groups substituted", ask("My name is Ada"), 0, "Hello, Ada."],
    ["plain replies in turn", ask("anything"), 0, "One"],
    ["the next turn", ask("anything"), 1, "Two"],
    ["turns wrap around", ask("anything"), 2, "One"],
    ["all text messages are matched", ask("first", "then welcome"), 0, "Welcome aboard!"],
  ])("%s", (_n, params, turn, expected) => {
    expect(mockReplyText(script, params, turn)).toBe(expected);
  });
  it("has nothing to say without a matching rule or a plain reply", () => {
    expect(mockReplyText(parseScript("/x/ => y"), ask("nope"), 0)).toBeUndefined();
  });
  it("reads text blocks inside a content array, and ignores images", () => {
    expect(promptText({ messages: [{ role: "user", content: [{ type: "image", data: "" }, { type: "text", text: "hi" }] }] })).toBe("hi");
  });
});

describe("mock model tool use (sampling with tools)", () => {
  const offer = { tools: [{ name: "get_weather", inputSchema: { type: "object" } }, { name: "get_time", inputSchema: { type: "object" } }] };
  const script = parseScript(['/18°C/ => It is 18°C.', '/weather in (\\w+)/i => tool:get_weather {"city":"$1"} && tool:get_time {"city":"$1"}'].join("\n"));

  it("a tool: reply becomes tool_use blocks when the request offers the tools", () => {
    const params = { ...offer, messages: [{ role: "user", content: { type: "text", text: "What is the weather in Oslo?" } }] };
    const text = mockReplyText(script, params, 0) as string;
    expect(mockResult(text, params)).toEqual({
      role: "assistant",
      model: "mock-model",
      stopReason: "toolUse",
      content: [
        { type: "tool_use", id: "mock-1", name: "get_weather", input: { city: "Oslo" } },
        { type: "tool_use", id: "mock-2", name: "get_time", input: { city: "Oslo" } },
      ],
    });
  });

  it("the next request's tool_result text is matched, so the script can answer in text", () => {
    const params = { ...offer, messages: [{ role: "user", content: [{ type: "tool_result", toolUseId: "mock-1", content: [{ type: "text", text: "Oslo: 18°C" }] }] }] };
    expect(mockResult(mockReplyText(script, params, 1) as string, params).content).toEqual({ type: "text", text: "It is 18°C." });
  });

  it("without the tools offered, or with input that is not JSON, the reply stays text", () => {
    expect(mockResult('tool:get_weather {"city":"Oslo"}', {}).content).toEqual({ type: "text", text: 'tool:get_weather {"city":"Oslo"}' });
    expect(mockResult("tool:get_weather {nope}", offer).stopReason).toBe("endTurn");
  });
});
