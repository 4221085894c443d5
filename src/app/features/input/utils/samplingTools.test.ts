import { describe, expect, it } from "vitest";
import { samplingReplyProblem } from "../../../../core";
import { EMPTY_REPLY } from "./sampling";
import { missingRequired, newToolUseId, offeredToolList, toolChoiceWords, toolUseProblem, toolUseResult } from "./samplingTools";

const weather = { name: "get_weather", description: "Weather", inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } };

describe("sampling with tools in the reply editor", () => {
  it("lists the offered tools, dropping malformed and repeated ones, with an open schema when none is usable", () => {
    const tools = offeredToolList({ tools: [weather, { name: "get_weather" }, { nope: 1 }, "x", { name: "free", inputSchema: { type: "string" } }] });
    expect(tools.map((t) => t.name)).toEqual(["get_weather", "free"]);
    expect(tools[1]?.inputSchema).toEqual({ type: "object" });
    expect(offeredToolList({})).toEqual([]);
  });

  it("says what the tool choice allows", () => {
    expect(toolChoiceWords({}).mode).toBe("auto");
    expect(toolChoiceWords({ toolChoice: { mode: "required" } }).words).toMatch(/must use at least one tool/);
    expect(toolChoiceWords({ toolChoice: { mode: "none" } }).words).toMatch(/must not use a tool/);
    expect(toolChoiceWords({ toolChoice: { mode: "<b>odd</b>" } }).words).toBe("<b>odd</b> (not a mode the spec defines)");
  });

  it("refuses a block without its required arguments or with a tool not offered", () => {
    const tools = offeredToolList({ tools: [weather] });
    expect(missingRequired(weather.inputSchema, { city: "" })).toEqual(["city"]);
    expect(toolUseProblem([], tools)).toBe("Add at least one tool use.");
    expect(toolUseProblem([{ id: "a", name: "get_weather", input: {} }], tools)).toBe("Tool use 1 (get_weather): city is required.");
    expect(toolUseProblem([{ id: "a", name: "rm", input: {} }], tools)).toBe("Tool use 1: pick one of the offered tools.");
    expect(toolUseProblem([{ id: "a", name: "get_weather", input: { city: "Oslo" } }], tools)).toBeUndefined();
  });

  it("builds a reply of tool_use blocks that the core accepts for the request", () => {
    const request = { messages: [], maxTokens: 10, tools: [weather, { ...weather, name: "get_time" }] };
    const uses = [
      { id: newToolUseId(), name: "get_weather", input: { city: "Oslo" } },
      { id: newToolUseId(), name: "get_time", input: { city: "Oslo" } },
    ];
    expect(uses[0]?.id).not.toBe(uses[1]?.id);
    const reply = toolUseResult({ model: " " }, uses);
    expect(reply).toEqual({
      role: "assistant",
      model: EMPTY_REPLY.model,
      stopReason: "toolUse",
      content: uses.map((u) => ({ type: "tool_use", id: u.id, name: u.name, input: u.input })),
    });
    expect(samplingReplyProblem(request, reply as unknown as Record<string, unknown>)).toBeUndefined();
  });
});
