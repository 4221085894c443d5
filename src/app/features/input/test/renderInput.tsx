import { render } from "@testing-library/react";
import type { Era } from "../../../../core/protocol/revisions";
import type { InputKind, InputResponse } from "../../../../core/protocol/types";
import { InspectorProvider } from "../../../lib/context";
import type { Inspector } from "../../../lib/inspector";
import { InputRequestCard } from "../components/InputRequestCard";
import { createInputStore } from "../store/inputStore";
import { createCallsStore } from "../../call/store/callsStore";

export type Settled = { ok: true; value: InputResponse } | { ok: false; error: unknown };

/**
 * Asks one question through a fresh input store and renders its card, the way CallView does; `settled`
 * is what the core's handler would receive. Only `inputs` (and `calls`, for the canned-answer name) of
 * the inspector are used by the cards.
 */
export function renderInput(kind: InputKind, params: Record<string, unknown>, options: { era?: Era; key?: string } = {}) {
  const inputs = createInputStore();
  const settled: Promise<Settled> = inputs
    .ask({ kind, params, key: options.key ?? "q1", round: 1, callId: "call-1", era: options.era ?? "modern" })
    .then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  const pending = inputs.getState().pending[0]!;
  const inspector = { inputs, calls: createCallsStore() } as unknown as Inspector;
  const view = render(
    <InspectorProvider inspector={inspector}>
      <InputRequestCard input={pending} />
    </InspectorProvider>,
  );
  return { ...view, inputs, settled };
}
