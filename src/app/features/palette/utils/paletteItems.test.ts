import { describe, expect, it } from "vitest";
import type { Tool } from "../../../../core";
import { filterItems, MAX_RESULTS, paletteItems } from "./paletteItems";

const tools: Tool[] = [
  { name: "greet", description: "Greets whoever the user names", inputSchema: { type: "object" } },
  { name: "two-steps", description: "Asks twice", inputSchema: { type: "object" } },
  { name: "summarize", title: "Summarize (sampling)", description: "Asks the client's model", inputSchema: { type: "object" } },
  { name: "list-workspace", title: "List workspace (roots)", inputSchema: { type: "object" } },
];
const items = paletteItems(tools, [{ uri: "demo://weather", name: "weather", title: "Weather report" }], [{ uriTemplate: "demo://greeting/{name}", name: "greeting" }], [{ name: "tone", description: "Rewrite in a tone" }]);

describe("paletteItems", () => {
  it("lists tools, resources, templates and prompts with their selections", () => {
    expect(items.map((i) => [i.kind, i.title])).toEqual([
      ["tool", "greet"],
      ["tool", "two-steps"],
      ["tool", "Summarize (sampling)"],
      ["tool", "List workspace (roots)"],
      ["resource", "Weather report"],
      ["template", "greeting"],
      ["prompt", "tone"],
    ]);
    expect(items[4]?.selection).toEqual({ kind: "resource", uri: "demo://weather" });
  });
});

describe("filterItems", () => {
  it.each<[string, string, string[]]>([
    ["an empty query lists all", "", ["tool:greet", "tool:two-steps", "tool:summarize", "tool:list-workspace", "resource:demo://weather", "template:demo://greeting/{name}", "prompt:tone"]],
    ["case-insensitive", "GREET", ["tool:greet", "template:demo://greeting/{name}"]],
    ["a prefix ranks before a substring", "s", ["tool:summarize", "tool:two-steps", "tool:list-workspace", "tool:greet", "resource:demo://weather"]],
    ["every word must match", "asks model", ["tool:summarize"]],
    ["descriptions are searched", "twice", ["tool:two-steps"]],
    ["a URI", "demo://weather", ["resource:demo://weather"]],
    ["the kind", "prompt", ["prompt:tone"]],
    ["nothing", "zzz", []],
  ])("%s", (_n, q, ids) => {
    expect(filterItems(items, q).map((i) => i.id)).toEqual(ids);
  });

  it("caps the results", () => {
    const many = paletteItems(Array.from({ length: 80 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: "object" } })));
    expect(filterItems(many, "t")).toHaveLength(MAX_RESULTS);
  });
});
