import { describe, expect, it } from "vitest";
import { McpError, type InputRequest } from "../../core";
import { CallBuilder, elicitRequest, roundCapError, rootsRequest, samplingRequest, urlRequest } from "../../../test/support/recording/builders";
import { capText, formatMs, formatSeconds, oneLine, outcomeOf, safeJson, summarizeRequest } from "./describeRounds";

describe("summarizeRequest", () => {
  it.each<[string, InputRequest, { kind: string; text: string }]>([
    ["form: the message", elicitRequest("Name?"), { kind: "form", text: "Name?" }],
    ["url: the url", urlRequest("Sign in", "https://auth.example.com/x"), { kind: "url", text: "https://auth.example.com/x" }],
    ["sampling: the first text", samplingRequest("What is the capital\nof France?"), { kind: "sampling", text: "What is the capital of France?" }],
    ["roots", rootsRequest(), { kind: "roots", text: "the client's roots" }],
    [
      "sampling with array content and an image first",
      {
        method: "sampling/createMessage",
        params: { maxTokens: 1, messages: [{ role: "user", content: [{ type: "image", data: "", mimeType: "image/png" }, { type: "text", text: "Describe" }] }] },
      },
      { kind: "sampling", text: "Describe" },
    ],
    ["a form without a message", { method: "elicitation/create", params: {} } as unknown as InputRequest, { kind: "form", text: "(no message)" }],
    ["params that are not an object", { method: "sampling/createMessage", params: 5 } as unknown as InputRequest, { kind: "sampling", text: "(no text message)" }],
  ])("%s", (_name, request, expected) => {
    expect(summarizeRequest(request)).toMatchObject(expected);
  });

  it("caps a huge message to one short line", () => {
    const text = summarizeRequest(elicitRequest("x".repeat(100_000))).text;
    expect(text.length).toBeLessThanOrEqual(140);
    expect(text.endsWith("…")).toBe(true);
  });
});

describe("outcomeOf", () => {
  const cancelled = new McpError({ kind: "cancelled", message: "abandoned in step mode" });
  const rpc = new McpError({ kind: "protocol", code: -32602, message: "requestState signature does not match" });
  it.each([
    ["running", new CallBuilder(), { kind: "running" }],
    ["complete", new CallBuilder().wait(30).finished(), { kind: "complete", ms: 30, isError: false }],
    ["complete with a tool error", new CallBuilder().finished({ result: { content: [], isError: true } }), { kind: "complete", isError: true }],
    ["round cap", new CallBuilder().finished({ error: roundCapError(11, 10) }), { kind: "roundCap", maxRounds: 10 }],
    ["cancelled", new CallBuilder().finished({ error: cancelled }), { kind: "cancelled", error: cancelled }],
    ["a server error", new CallBuilder().finished({ error: rpc }), { kind: "error", error: rpc }],
  ])("%s", (_name, builder, expected) => {
    expect(outcomeOf(builder.build())).toMatchObject(expected);
  });
});

describe("formatting", () => {
  it.each([
    [0, "0 ms"],
    [340.4, "340 ms"],
    [1234, "1.2 s"],
    [245_000, "4 m 05 s"],
    [3_725_000, "1 h 02 m"],
    [Number.NaN, "?"],
  ])("formatMs(%s) = %s", (ms, text) => expect(formatMs(ms)).toBe(text));

  it.each([
    [-5, "0 s"],
    [12_900, "12 s"],
    [252_000, "4 m 12 s"],
    [7_200_000, "2 h 00 m"],
    [5 * 86_400_000, "5 d"],
  ])("formatSeconds(%s) = %s", (ms, text) => expect(formatSeconds(ms)).toBe(text));

  it.each([
    [{ a: 1 }, '{"a":1}'],
    [undefined, "undefined"],
    [10n, '"10n"'],
  ])("safeJson(%s)", (value, text) => expect(safeJson(value)).toBe(text));

  it("safeJson survives a cycle", () => {
    const a: Record<string, unknown> = {};
    a.self = a;
    expect(safeJson(a)).toMatch(/^\(cannot show/);
  });

  it("capText", () => {
    expect(capText("abcdef", 3)).toEqual({ text: "abc", truncated: true, length: 6 });
    expect(capText("ab", 3)).toEqual({ text: "ab", truncated: false, length: 2 });
  });

  it("oneLine", () => expect(oneLine("  a\n\tb  ", 10)).toBe("a b"));
});
