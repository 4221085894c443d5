import { describe, expect, it } from "vitest";
import type { InputKind } from "../index";
import { questionOf } from "./model";
import { ANSWERS_FORMAT, cannedKindOf, exportAnswers, findCanned, type CannedAnswer, type QuestionRef } from "./canned";
import { parseAnswers } from "./answersFile";

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
    [JSON.stringify([canned({}), { ...canned({}), kind: "telepathy" }]), /answers\[1\]\.kind: expected one of "form", "url", "sampling", "roots", got "telepathy"/],
    [`{"format": "${ANSWERS_FORMAT}", "answers": []}`, /^version: missing; expected "version": 1$/],
    [`{"format": "${ANSWERS_FORMAT}", "version": "1", "answers": []}`, /^version: expected the number 1, got "1"$/],
    ['{"format": "answers", "version": 1, "answers": []}', /^not an answers file: format: expected "presa-inspector-answers", got "answers"/],
    [JSON.stringify([{ server: "s", target: "tools/call x", kind: "form", response: { action: "accept", content: {} } }]), /answers\[0\]: needs "key".*or "question"/],
    [JSON.stringify([{ server: "s", target: "tools/call x", kind: "form", key: "k", response: { action: "yes" } }]), /^answers\[0\]\.response\.action: expected "accept", "decline" or "cancel", got "yes"$/],
    [JSON.stringify([{ server: "s", target: "tools/call x", kind: "form", key: "k", response: { action: "accept" } }]), /^answers\[0\]\.response\.content: an accepted form answer needs its field values/],
    [JSON.stringify([{ server: "s", target: "tools/call x", kind: "sampling", response: { role: "assistant", content: { type: "text", text: "hi" } } }]), /^answers\[0\]\.response\.model: expected the model's name/],
    [JSON.stringify([{ server: "s", target: "tools/call x", kind: "roots", response: { roots: [{ name: "no uri" }] } }]), /^answers\[0\]\.response\.roots\[0\]: expected/],
    [JSON.stringify([{ target: "tools/call x", kind: "roots", response: { roots: [] } }]), /^answers\[0\]\.server: expected the server's name/],
  ])("refuses %s, saying what is wrong", (text, error) => {
    const r = parseAnswers(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(error);
  });

  it("fills in what a hand-written record may leave out: id, name, savedAt, and the question's kind prefix", () => {
    const r = parseAnswers(JSON.stringify({ format: ANSWERS_FORMAT, version: 1, answers: [{ server: "presa-demo", target: "tools/call two-steps", kind: "form", question: "Name?", response: { action: "accept", content: { name: "Ada" } } }, { server: "presa-demo", target: "tools/call summarize", kind: "sampling", response: { role: "assistant", content: { type: "text", text: "ok" }, model: "me" } }] }));
    expect(r).toEqual({
      ok: true,
      answers: [
        { id: "answers[0]", name: "form: Name?", server: "presa-demo", target: "tools/call two-steps", key: undefined, question: "form: Name?", kind: "form", response: { action: "accept", content: { name: "Ada" } }, savedAt: 0 },
        { id: "answers[1]", name: "sampling", server: "presa-demo", target: "tools/call summarize", key: undefined, question: "sampling", kind: "sampling", response: { role: "assistant", content: { type: "text", text: "ok" }, model: "me" }, savedAt: 0 },
      ],
    });
    // The app's own form of the question is kept as it is.
    const own = parseAnswers(JSON.stringify([{ server: "s", target: "t", kind: "url", question: "url: Sign in", response: { action: "accept" } }]));
    expect(own.ok && own.answers[0]?.question).toBe("url: Sign in");
  });
});
