import { render } from "@testing-library/react";
import type { Era, InputKind, InputResponse } from "../../../src/core";
import { SessionProvider } from "../../../src/app/session/context";
import { createSession } from "../../../src/app/session/session";
import { QuestionCard } from "../../../src/app/views/QuestionCard";

export type Settled = { ok: true; value: InputResponse } | { ok: false; error: unknown };

/**
 * Asks one question through a fresh session's input store and renders its card, the way CallView
 * does; `settled` is what the core's handler would receive.
 */
export function renderInput(kind: InputKind, params: Record<string, unknown>, options: { era?: Era; key?: string } = {}) {
  const session = createSession();
  const inputs = session.inputs;
  const settled: Promise<Settled> = inputs
    .ask({ kind, params, key: options.key ?? "q1", round: 1, callId: "call-1", era: options.era ?? "modern" })
    .then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  const pending = inputs.getState().pending[0]!;
  const view = render(
    <SessionProvider session={session}>
      <QuestionCard input={pending} />
    </SessionProvider>,
  );
  return { ...view, inputs, settled };
}
