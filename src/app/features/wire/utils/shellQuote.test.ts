import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { shellQuote } from "./shellQuote";

const CASES: [string, string, string][] = [
  ["plain", "abc", "'abc'"],
  ["empty", "", "''"],
  ["a space", "a b", "'a b'"],
  ["a single quote", "it's", "'it'\\''s'"],
  ["two quotes", "''", "''\\'''\\'''"],
  ["double quotes and $", 'say "$HOME" `x`', "'say \"$HOME\" `x`'"],
  ["non-ASCII", "café ☕ 日本", "'café ☕ 日本'"],
  ["a newline", "a\nb", "'a\nb'"],
  ["a backslash", "a\\b", "'a\\b'"],
];

describe("shellQuote", () => {
  it.each(CASES)("%s", (_n, value, expected) => {
    expect(shellQuote(value)).toBe(expected);
  });

  it.each(CASES)("%s: sh reads it back as the same word", (_n, value) => {
    expect(execFileSync("sh", ["-c", `printf %s ${shellQuote(value)}`], { encoding: "utf8" })).toBe(value);
  });
});
