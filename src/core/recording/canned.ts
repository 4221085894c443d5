/**
 * Canned answers: answers saved once and given again, without asking, to the same question of the
 * same call on the same server. The app keeps them in localStorage and exports them as an answers
 * file; the command line (src/cli) reads that file. Matching and the file format live here, once.
 */
import { inputKindNamed, inputKinds, isObject, type Era, type InputKind, type InputResponse } from "../index";
import { questionKindOf, questionOf, type QuestionKind } from "./model";

/** The kind of input a canned answer (and an auto-answer toggle) is for: a kind of the core's registry. */
export type CannedKind = QuestionKind;

/** Every kind a canned answer may be for, in the registry's order. */
export function cannedKinds(): CannedKind[] {
  return inputKinds().map((k) => k.id);
}

/** A saved answer, found again by server, call target, input key (or question) and kind. */
export interface CannedAnswer {
  id: string;
  name: string;
  /** The server's name (serverInfo.name), so the embedded and HTTP demo servers share answers. */
  server: string;
  /** The call it belongs to: method and tool/prompt name or resource URI, e.g. "tools/call greet". */
  target: string;
  /** The `inputRequests` key (2026-07-28); undefined when saved on an initialize-era session. */
  key: string | undefined;
  /** The question's text form (questionOf): how initialize-era questions, which have no stable key, are found. */
  question: string;
  kind: CannedKind;
  response: InputResponse;
  savedAt: number;
}

/** What is known about a question when looking for its canned answer. */
export interface QuestionRef {
  server: string;
  target: string;
  era: Era;
  key: string;
  kind: InputKind;
  params: Record<string, unknown>;
}

export const cannedKindOf: (kind: InputKind, params: Record<string, unknown>) => CannedKind = questionKindOf;

export function targetOf(method: string, target: string): string {
  return `${method} ${target}`;
}

/**
 * The canned answer for a question, newest first: same server, target and kind, and the same
 * key on 2026-07-28 or, failing that (and always on initialize-era sessions), the same question.
 */
export function findCanned(answers: readonly CannedAnswer[], q: QuestionRef): CannedAnswer | undefined {
  const kind = cannedKindOf(q.kind, q.params);
  const question = questionOf(q.kind, q.params);
  const candidates = answers.filter((a) => a.server === q.server && a.target === q.target && a.kind === kind).sort((a, b) => b.savedAt - a.savedAt);
  if (q.era === "modern") {
    const byKey = candidates.find((a) => a.key === q.key);
    if (byKey) return byKey;
  }
  return candidates.find((a) => a.question === question);
}

/** A saved answer as stored or exported: every field the matching needs, with the right types. */
export function isCannedAnswer(v: unknown): v is CannedAnswer {
  return (
    isObject(v) &&
    typeof v.id === "string" &&
    typeof v.name === "string" &&
    typeof v.server === "string" &&
    typeof v.target === "string" &&
    (v.key === undefined || typeof v.key === "string") &&
    typeof v.question === "string" &&
    typeof v.kind === "string" &&
    inputKindNamed(v.kind) !== undefined &&
    isObject(v.response) &&
    (v.savedAt === undefined || typeof v.savedAt === "number")
  );
}

export const ANSWERS_FORMAT = "presa-inspector-answers";
export const ANSWERS_VERSION = 1;

/** An answers file: the app's canned answers as it exports them, and as `presa-inspector call --answers` reads them. */
export interface AnswersFile {
  format: typeof ANSWERS_FORMAT;
  version: typeof ANSWERS_VERSION;
  answers: CannedAnswer[];
}

export function exportAnswers(answers: readonly CannedAnswer[]): AnswersFile {
  return { format: ANSWERS_FORMAT, version: ANSWERS_VERSION, answers: answers.map((a) => structuredClone(a)) };
}

function fields(): string {
  return `id, name, server, target, question, kind (${cannedKinds().join("|")}) and response`;
}

/**
 * Reads an answers file, strictly: a file given on purpose that is half wrong must say where, not
 * quietly answer fewer questions. Takes the exported file, or a bare array of answers.
 */
export function parseAnswers(text: string): { ok: true; answers: CannedAnswer[] } | { ok: false; error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `not JSON: ${(e as Error).message}` };
  }
  let list: unknown;
  if (Array.isArray(parsed)) list = parsed;
  else if (isObject(parsed) && parsed.format === ANSWERS_FORMAT) {
    if (typeof parsed.version !== "number" || parsed.version > ANSWERS_VERSION) {
      return { ok: false, error: `answers file version ${String(parsed.version)} is newer than this inspector reads (${ANSWERS_VERSION})` };
    }
    list = parsed.answers;
  } else return { ok: false, error: `not an answers file (expected {"format": "${ANSWERS_FORMAT}", "answers": [...]}, or an array of answers)` };
  if (!Array.isArray(list)) return { ok: false, error: "answers is not an array" };
  const answers: CannedAnswer[] = [];
  for (const [i, a] of list.entries()) {
    if (!isCannedAnswer(a)) return { ok: false, error: `answers[${i}] is not a canned answer (needs ${fields()})` };
    answers.push({ ...a, savedAt: a.savedAt ?? 0 });
  }
  return { ok: true, answers };
}
