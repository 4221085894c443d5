import type { Era, InputKind, InputResponse } from "../../../../core";
import { questionKindOf, questionOf, type QuestionKind } from "../../../../core/recording";

export { questionOf };

/** The four kinds of input a canned answer (and an auto-answer toggle) is for. */
export type CannedKind = QuestionKind;
export const CANNED_KINDS: readonly CannedKind[] = ["form", "url", "sampling", "roots"];

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
