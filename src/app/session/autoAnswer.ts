import { createStore } from "zustand/vanilla";
import type { McpError, InputResponse } from "../../core";
import type { PendingInput } from "../features/input/inputStore";
import type { AutoSource } from "../../core/recording";

/** A question as the input handlers see it, before it becomes a card. */
export type AutoInput = Omit<PendingInput, "id" | "askedAt">;

export type { AutoSource } from "../../core/recording";

export type AutoDecision = ({ kind: "answer"; response: InputResponse } | { kind: "refuse"; error: McpError }) & { source: AutoSource };

/** Looks at a question and answers it, or returns undefined to let the next answerer (or the user) have it. */
export type Answerer = (input: AutoInput) => AutoDecision | undefined;

export interface AutoState {
  /** How each auto-answered input was answered, by `markKey`; the rounds view shows it. */
  marks: Record<string, AutoSource>;
}

export function markKey(callId: string | undefined, round: number, key: string): string {
  return `${callId ?? ""}\u0000${round}\u0000${key}`;
}

/**
 * The answerers asked before a question reaches the user, highest priority first (a replay's
 * recorded answers before canned answers before the mock model). Each answer given is marked, so
 * the round still says it was not typed.
 */
export function createAutoAnswer() {
  const store = createStore<AutoState>()(() => ({ marks: {} }));
  const answerers: { priority: number; answerer: Answerer }[] = [];
  return Object.assign(store, {
    /** Adds an answerer; returns its removal. */
    use(answerer: Answerer, priority = 0): () => void {
      const entry = { priority, answerer };
      answerers.push(entry);
      answerers.sort((a, b) => b.priority - a.priority);
      return () => {
        const i = answerers.indexOf(entry);
        if (i >= 0) answerers.splice(i, 1);
      };
    },
    /** The first answerer's decision, marked on the input; undefined when the user must answer. */
    decide(input: AutoInput): AutoDecision | undefined {
      for (const { answerer } of answerers) {
        const decision = answerer(input);
        if (!decision) continue;
        store.setState((s) => ({ marks: { ...s.marks, [markKey(input.callId, input.round, input.key)]: decision.source } }));
        return decision;
      }
      return undefined;
    },
  });
}

export type AutoAnswer = ReturnType<typeof createAutoAnswer>;
