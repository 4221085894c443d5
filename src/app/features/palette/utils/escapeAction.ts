import { McpError, type InputResponse } from "../../../../core";
import type { PendingInput } from "../../input/inputStore";

export type EscapeAction = { id: string; kind: "answer"; response: InputResponse } | { id: string; kind: "refuse"; error: McpError };

/**
 * What Escape does to the pending input (the selected call's first, else the oldest): an
 * elicitation is answered `{action: "cancel"}`, the protocol's own "dismissed without choosing";
 * sampling and roots have no such answer, so they are refused like the card's Reject.
 */
export function escapeAction(pending: readonly PendingInput[], selectedCallId: string | undefined): EscapeAction | undefined {
  const input = pending.find((p) => p.callId !== undefined && p.callId === selectedCallId) ?? pending[0];
  if (!input) return undefined;
  if (input.kind === "elicitation/create") return { id: input.id, kind: "answer", response: { action: "cancel" } };
  const what = input.kind === "sampling/createMessage" ? "sampling request" : "roots request";
  return { id: input.id, kind: "refuse", error: new McpError({ kind: "cancelled", code: -1, message: `User rejected the ${what} (Escape)` }) };
}
