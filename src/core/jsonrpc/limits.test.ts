import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { MAX_FRAME_DEPTH, MAX_FRAME_LENGTH, formatSize, mayNestDeeper, nestingDepth } from "./limits";
import { parseFrame } from "./messages";
import { peekFrame } from "./peek";

describe("nestingDepth", () => {
  it.each([
    ["1", 0],
    ["{}", 1],
    ['{"a":[{"b":[]}]}', 4],
    ['{"a":"[[[[{{{{"}', 1],
    ['{"a":"\\"[[["}', 1],
    ["]]]]", 0],
  ])("%s nests %i deep", (text, depth) => {
    expect(nestingDepth(text)).toBe(depth);
  });

  it("stops counting past the limit", () => {
    expect(nestingDepth("[".repeat(1_000_000), 10)).toBe(11);
  });
});

describe("mayNestDeeper", () => {
  it("is true whenever nestingDepth passes the limit (it only lets parseFrame skip the scan)", () => {
    const text = fc.array(fc.constantFrom("{", "[", "}", "]", '"', "\\", "a", ","), { maxLength: 40 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 8 }), (t, limit) => {
        if (nestingDepth(t, limit) > limit) expect(mayNestDeeper(t, limit)).toBe(true);
      }),
      { numRuns: 5000 },
    );
    expect(mayNestDeeper('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(mayNestDeeper("[".repeat(129))).toBe(true);
  });
});

describe("parseFrame caps", () => {
  it("refuses a frame nested past the cap before JSON.parse sees it", () => {
    const deep = `{"jsonrpc":"2.0","id":1,"result":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    expect(parseFrame(deep)).toEqual({ ok: false, problem: "tooDeep", reason: `the frame nests deeper than ${MAX_FRAME_DEPTH} levels` });
    const fine = `{"jsonrpc":"2.0","id":1,"result":{"v":${"[".repeat(MAX_FRAME_DEPTH - 2)}${"]".repeat(MAX_FRAME_DEPTH - 2)}}}`;
    expect(parseFrame(fine).ok).toBe(true);
  });

  it("refuses a frame over the size cap, and says how large it was", () => {
    const big = `{"jsonrpc":"2.0","id":1,"result":{"t":"${"x".repeat(MAX_FRAME_LENGTH)}"}}`;
    expect(parseFrame(big)).toEqual({ ok: false, problem: "tooLarge", reason: "the frame is 8 MB, over the 8 MB cap" });
  });

  it("says why a JSON value is not a message", () => {
    expect(parseFrame('{"jsonrpc":"2.0","id":1,"result":"x"}')).toMatchObject({ problem: "notMessage", reason: expect.stringContaining("result is not an object") });
    expect(parseFrame('{"jsonrpc":"1.0","id":1,"result":{}}')).toMatchObject({ problem: "notMessage", reason: expect.stringContaining('no jsonrpc "2.0"') });
    expect(parseFrame("42")).toMatchObject({ problem: "notMessage", reason: expect.stringContaining("a JSON number") });
    expect(parseFrame("{")).toMatchObject({ problem: "notJson" });
  });

  it.each([
    ["xxxxxxxxx", 'unexpected "x" at position 0'],
    ["  Starting server...", 'unexpected "S" at position 2'],
    ["now listening on 3000", 'unexpected "n" at position 0'],
    ["trueish", undefined],
    ["😀 ready", 'unexpected "😀" at position 0'],
    ["<html>", 'unexpected "<" at position 0'],
    ["", "the frame is empty"],
    [" \t\r", "the frame is empty"],
  ])("refuses %j as not JSON without parsing it", (text, words) => {
    const parsed = parseFrame(text);
    expect(parsed).toMatchObject({ ok: false, problem: "notJson" });
    if (words !== undefined) expect(parsed).toMatchObject({ reason: `not JSON: ${words}` });
  });

  it.each([["null"], ["true"], ["false"], ["-1"], ["7"], ['"text"'], [" \n[]"]])("still parses %j, a JSON value that is not a message", (text) => {
    expect(parseFrame(text)).toMatchObject({ ok: false, problem: text.trim() === "[]" ? "batch" : "notMessage" });
  });

  it("formats sizes for people", () => {
    expect([formatSize(512), formatSize(1536), formatSize(10.2 * 1024 * 1024)]).toEqual(["512 B", "1.5 kB", "10.2 MB"]);
  });
});

describe("peekFrame", () => {
  it.each([
    ['{"jsonrpc":"2.0","id":"c7","result":{"content":[{"type":"te', { id: "c7", kind: "response" }],
    ['{"jsonrpc":"2.0","id":3,"error":{"code":', { id: 3, kind: "response" }],
    ['{"id":"s1","jsonrpc":"2.0","method":"elicitation/create","params":{"x":', { id: "s1", kind: "request" }],
    ['{"jsonrpc":"2.0","method":"notifications/progress","params":{', { kind: "notification" }],
    ['{"jsonrpc":"2.0","result":{"big":"…"},"id":9}', { id: 9, kind: "response" }],
    ['{"jsonrpc":"2.0","id":"a\\"b","result":', { id: 'a"b', kind: "response" }],
    ['{"jsonrpc":"2.0","id":1.5,"result":{}}', { kind: "response" }],
    ['{"jsonrpc":"2.0","id":null,"error":{}}', { kind: "response" }],
    ["\u0000garbage", {}],
    ["[1,2]", {}],
    ["", {}],
  ])("%s", (raw, head) => {
    expect(peekFrame(raw)).toEqual(head);
  });

  it("reads no further than its limit", () => {
    const cut = `{"jsonrpc":"2.0","result":{"t":"${"x".repeat(10_000)}"},"id":5}`;
    expect(peekFrame(cut)).toEqual({ kind: "response" });
  });
});
