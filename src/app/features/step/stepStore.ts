import { createStore } from "zustand/vanilla";
import type { RetryDraft, StepDecision } from "../../../core";

export interface HeldRetry {
  id: string;
  draft: RetryDraft;
  heldAt: number;
}

export interface StepState {
  held: HeldRetry[];
}

/** Retries held in step mode until the user sends (maybe edited) or abandons them. */
export function createStepStore() {
  const store = createStore<StepState>()(() => ({ held: [] }));
  const deciders = new Map<string, (d: StepDecision) => void>();
  let counter = 0;
  const settle = (id: string, decision: StepDecision): void => {
    const decide = deciders.get(id);
    if (!decide) return;
    deciders.delete(id);
    store.setState((s) => ({ held: s.held.filter((h) => h.id !== id) }));
    decide(decision);
  };
  return Object.assign(store, {
    hold(draft: RetryDraft): Promise<StepDecision> {
      const id = `held-${++counter}`;
      return new Promise<StepDecision>((resolve) => {
        deciders.set(id, resolve);
        store.setState((s) => ({ held: [...s.held, { id, draft, heldAt: Date.now() }] }));
      });
    },
    send(id: string, draft: RetryDraft): void {
      settle(id, { action: "send", draft });
    },
    abort(id: string, reason = "abandoned in step mode"): void {
      settle(id, { action: "abort", reason });
    },
    abortAll(reason: string): void {
      for (const h of store.getState().held) settle(h.id, { action: "abort", reason });
    },
  });
}

export type StepStore = ReturnType<typeof createStepStore>;
