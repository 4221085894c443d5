import { describe, expect, it } from "vitest";
import type { InputKind } from "../index";
import { questionOf } from "./model";
import { ANSWERS_FORMAT, cannedKindOf, exportAnswers, findCanned, parseAnswers, type CannedAnswer, type QuestionRef } from "./canned";

const form = (message: string) => ({ mode: "form", message, requestedSchema: { type: "object", properties: {} } });

function canned(patch: Partial<CannedAnswer>): CannedAnswer {
  return {
    id: "c1",
    name: "Ada",
    server: "presa-demo",
    target: "tools/call greet",
    key: "who",
    question: "form: Who should I greet?",
    kind: "form",
    response: { action: "accept", content: { name: "Ada" } },
    savedAt: 1,
    ...patch,
  };
}

const ask = (patch: Partial<QuestionRef>): QuestionRef => ({
  server: "presa-demo",
  target: "tools/call greet",
  era: "modern",
  key: "who",
  kind: "elicitation/create",
  params: form("Who should I greet?"),
  ...patch,
});

describe("cannedKindOf and questionOf", () => {
  it.each([
    ["elicitation/create", form("Hi?"), "form", "form: Hi?"],
    ["elicitation/create", { mode: "url", message: "Sign in", url: "https://x" }, "url", "url: Sign in"],
    ["sampling/createMessage", { messages: [] }, "sampling", "sampling"],
    ["roots/list", {}, "roots", "roots"],
  ] as [InputKind, Record<string, unknown>, string, string][])("%s %j", (kind, params, k, q) => {
    expect(cannedKindOf(kind, params)).toBe(k);
    expect(questionOf(kind, params)).toBe(q);
  });
});

describe("findCanned", () => {
  it.each<[string, CannedAnswer[], Partial<QuestionRef>, string | undefined]>([
    ["same key on 2026-07-28", [canned({})], {}, "c1"],
    ["another server", [canned({ server: "other" })], {}, undefined],
    ["another tool", [canned({ target: "tools/call two-steps" })], {}, undefined],
    ["another kind", [canned({ kind: "sampling" })], {}, undefined],
    ["key differs but the question is the same", [canned({ key: "someone" })], {}, "c1"],
    ["key differs and so does the question", [canned({ key: "someone", question: "form: Other?" })], {}, undefined],
    ["initialize era matches by question, not by the request id", [canned({ key: "who" })], { era: "legacy", key: "s7" }, "c1"],
    ["initialize era with another question", [canned({ question: "form: Other?" })], { era: "legacy", key: "who" }, undefined],
    ["the newest of two wins", [canned({ id: "old", savedAt: 1 }), canned({ id: "new", savedAt: 2 })], {}, "new"],
    ["a key match beats a newer question match", [canned({ id: "bykey", savedAt: 1 }), canned({ id: "byq", key: "x", savedAt: 5 })], {}, "bykey"],
  ])("%s", (_name, answers, q, expected) => {
    expect(findCanned(answers, ask(q))?.id).toBe(expected);
  });
});

describe("answers files", () => {
  it("reads back what it exports, and a bare array", () => {
    const file = exportAnswers([canned({})]);
    expect(file.format).toBe(ANSWERS_FORMAT);
    expect(parseAnswers(JSON.stringify(file))).toEqual({ ok: true, answers: [canned({})] });
    expect(parseAnswers(JSON.stringify([canned({})]))).toEqual({ ok: true, answers: [canned({})] });
  });

  it.each([
    ["{", /not JSON/],
    ['{"answers": []}', /not an answers file/],
    [`{"format": "${ANSWERS_FORMAT}", "version": 9, "answers": []}`, /version 9 is newer/],
    [JSON.stringify([canned({}), { ...canned({}), kind: "telepathy" }]), /answers\[1\] is not a canned answer/],
  ])("refuses %s, saying what is wrong", (text, error) => {
    const r = parseAnswers(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(error);
  });
});
