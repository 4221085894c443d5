import { McpError, inputKindOf, type InputResponse } from "../../../../core";
import type { PendingInput } from "../../input/inputStore";

export type EscapeAction = { id: string; kind: "answer"; response: InputResponse } | { id: string; kind: "refuse"; error: McpError };

/**
 * What Escape does to the pending input (the selected call's first, else the oldest): a kind with a
 * "dismissed" answer of its own gets it (elicitation: `{action: "cancel"}`, the protocol's "dismissed
 * without choosing"); sampling and roots have no such answer, so they are refused like the card's
 * Reject. A kind the core does not know is refused too, and the error says so.
 */
export function escapeAction(pending: readonly PendingInput[], selectedCallId: string | undefined): EscapeAction | undefined {
  const input = pending.find((p) => p.callId !== undefined && p.callId === selectedCallId) ?? pending[0];
  if (!input) return undefined;
  const kind = inputKindOf(input.kind, input.params);
  if (kind?.dismissed) return { id: input.id, kind: "answer", response: structuredClone(kind.dismissed) };
  const what = kind ? kind.words.noun : `input of unknown kind ${input.kind}`;
  return { id: input.id, kind: "refuse", error: new McpError({ kind: "cancelled", code: -1, message: `User rejected the ${what} (Escape)` }) };
}
