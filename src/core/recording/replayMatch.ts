import { McpError, type InputKind, type InputRequest, type InputResponse } from "../index";
import { questionKindOf, questionOf } from "./model";
import type { InputView, RoundView } from "./rounds";

/** A question to pair with one of a round's inputs. */
export interface Question {
  key: string;
  kind: InputKind;
  params: Record<string, unknown>;
}

function questionParams(request: InputRequest): Record<string, unknown> {
  return (request.params ?? {}) as Record<string, unknown>;
}

/**
 * The input of `candidates` that `q` stands for, skipping those in `used`: the same key first
 * (2026-07-28 keys are the server's own names), then the same kind and question (initialize-era
 * keys are request ids, new every run), then the first of the same kind.
 */
export function pairInput(candidates: readonly InputView[], q: Question, used: ReadonlySet<string>): InputView | undefined {
  const free = candidates.filter((c) => !used.has(c.key));
  const byKey = free.find((c) => c.key === q.key && c.request.method === q.kind);
  if (byKey) return byKey;
  const question = questionOf(q.kind, q.params);
  const byQuestion = free.find((c) => c.request.method === q.kind && questionOf(c.request.method, questionParams(c.request)) === question);
  if (byQuestion) return byQuestion;
  const kind = questionKindOf(q.kind, q.params);
  return free.find((c) => questionKindOf(c.request.method, questionParams(c.request)) === kind);
}

export type ReplayAnswer = { kind: "answer"; response: InputResponse; key: string } | { kind: "refuse"; error: McpError; key: string | undefined };

/**
 * How a replay answers a question: with what was sent for its recorded twin in the same round
 * (after any step-mode edit), refused the way it was refused, or refused because the recording
 * has no such question (the diff then shows it as added).
 */
export function recordedAnswer(rounds: readonly RoundView[], round: number, q: Question, used: Set<string>): ReplayAnswer {
  const recorded = rounds.find((r) => r.index === round);
  const twin = recorded ? pairInput(recorded.inputs, q, used) : undefined;
  if (!twin) return { kind: "refuse", key: undefined, error: new McpError({ kind: "cancelled", message: `replay: the recording has no answer for round ${round}, ${q.key}` }) };
  used.add(twin.key);
  const response = twin.sent ?? twin.answer;
  if (response !== undefined) return { kind: "answer", response: structuredClone(response), key: twin.key };
  return { kind: "refuse", key: twin.key, error: twin.error ?? new McpError({ kind: "cancelled", message: `replay: ${twin.key} was never answered in the recording` }) };
}
