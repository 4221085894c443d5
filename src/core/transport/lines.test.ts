import { describe, expect, it } from "vitest";
import { LineSplitter } from "./lines";

describe("LineSplitter", () => {
  it.each([
    { chunks: ["a\nb\n"], lines: ["a", "b"] },
    { chunks: ["a", "b\n", "c"], lines: ["ab"], rest: ["c"] },
    { chunks: ["a\r\n", "\r\n"], lines: ["a", ""] },
    { chunks: ["{\"x\":1}\n{\"y\"", ":2}\n"], lines: ['{"x":1}', '{"y":2}'] },
    { chunks: [""], lines: [] },
  ])("splits $chunks", ({ chunks, lines, rest = [] }) => {
    const splitter = new LineSplitter();
    const out = chunks.flatMap((c) => splitter.push(c).map((l) => l.text));
    expect(out).toEqual(lines);
    expect(splitter.flush().map((l) => l.text)).toEqual(rest);
  });

  it("cuts a line past the cap and frames the next one correctly", () => {
    const splitter = new LineSplitter(4);
    const lines = [...splitter.push("abcdefg"), ...splitter.push("hi\nok\n")];
    expect(lines).toEqual([
      { text: "abcd", truncated: true },
      { text: "ok", truncated: false },
    ]);
  });
});
