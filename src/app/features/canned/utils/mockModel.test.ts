import { describe, expect, it } from "vitest";
import { mockReplyText, parseScript, promptText } from "./mockModel";

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
