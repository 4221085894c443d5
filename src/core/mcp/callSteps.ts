import { McpError, toMcpError } from "../errors";
import type { Era } from "../protocol/revisions";
import type { InputRequest, InputResponse } from "../protocol/types";
import { answerInput } from "./answerInput";
import type { RetryDraft } from "./events";
import type { InputContext } from "./options";
import { definesUrlRequired } from "./urlRequired";
import type { CallContext, CallHost, CallState } from "./callHost";

export type { CallContext, CallHost, CallState } from "./callHost";

/**
 * Counts one more round of input for a call; past the cap it throws the `tooManyRounds` error,
 * built here only.
 */
export function nextRound(state: CallState): void {
  state.round++;
  if (state.round > state.maxRounds) {
    throw new McpError({
      kind: "tooManyRounds",
      message: `${state.method} asked for input ${state.round} times; the cap is ${state.maxRounds} rounds`,
      reason: { type: "roundCap", rounds: state.round, maxRounds: state.maxRounds },
    });
  }
}

/** Where one input request sits: its call (if any is known), round and key. */
export interface InputSlot {
  context: CallContext;
  callId: string | undefined;
  round: number;
  key: string;
  era: Era;
  signal: AbortSignal;
}

/**
 * Answers one input request with the client's handlers, reporting `inputRequested` before and
 * `inputAnswered` after (with the error when it failed). `review` may replace the answer before it
 * is reported (the initialize era's step-mode hold). Both eras answer through here.
 */
export async function answerOne(
  host: CallHost,
  slot: InputSlot,
  request: InputRequest,
  review?: (response: InputResponse) => Promise<InputResponse>,
): Promise<InputResponse> {
  const { callId = "", round, key } = slot;
  const at = host.clock.now();
  host.emit({ type: "inputRequested", callId, round, key, request, at });
  // 2025-11-25: a URL elicitation with an id may be completed by the server's notice before the user
  // answers; the handler's signal then aborts and the answer is consent given on the user's behalf.
  const elicitationId = request.method === "elicitation/create" && request.params.mode === "url" ? request.params.elicitationId : undefined;
  const { urlCompletions } = slot.context;
  const watch = typeof elicitationId === "string" && urlCompletions && definesUrlRequired(slot.context.revision) ? urlCompletions.watch(elicitationId, { callId: slot.callId, round, key }) : undefined;
  // The handler's own signal, aborted when the call is given up while the question is open, or
  // when the server completes it. Made when first read (an AbortSignal costs ~2 µs in Node, see
  // cancellation.ts, and most handlers never read theirs), or at once where the server may complete it.
  let local: AbortController | undefined;
  let onAbort: (() => void) | undefined;
  let open = true;
  const localSignal = (): AbortSignal => {
    if (local === undefined) {
      const own = (local = new AbortController());
      if (!open) {
        if (slot.signal.aborted) own.abort(slot.signal.reason);
      } else {
        onAbort = (): void => own.abort(slot.signal.reason);
        if (slot.signal.aborted) onAbort();
        else slot.signal.addEventListener("abort", onAbort, { once: true });
      }
    }
    return local.signal;
  };
  if (watch) localSignal();
  try {
    const ctx: InputContext = {
      key,
      round,
      callId: slot.callId,
      era: slot.era,
      get signal() {
        return localSignal();
      },
    };
    const byServer = watch?.completed.then(() => "server" as const);
    const answered = answerInput(request, slot.context.declared, slot.context.handlers, ctx);
    const first = byServer ? await Promise.race([answered, byServer]) : await answered;
    let response: InputResponse;
    if (first === "server") {
      answered.catch(() => undefined);
      local?.abort("the server says this URL elicitation is complete");
      response = { action: "accept" };
    } else {
      watch?.done();
      response = first;
      if (review) response = await review(response);
    }
    const now = host.clock.now();
    host.emit(
      first === "server"
        ? { type: "inputAnswered", callId, round, key, response, completedBy: "server", at: now, ms: now - at }
        : { type: "inputAnswered", callId, round, key, response, at: now, ms: now - at },
    );
    return response;
  } catch (e) {
    watch?.done();
    const error = toMcpError(e, "unsupported");
    host.emit({ type: "inputAnswered", callId, round, key, response: undefined, error, at: host.clock.now(), ms: host.clock.now() - at });
    throw error;
  } finally {
    open = false;
    if (onAbort) slot.signal.removeEventListener("abort", onAbort);
  }
}

/** Step mode: shows the draft and waits for the decision; without a hook the draft goes as is. */
export async function hold(host: CallHost, state: CallState, draft: RetryDraft): Promise<{ draft: RetryDraft; edited: boolean }> {
  if (!state.step) return { draft, edited: false };
  host.emit({ type: "retryHeld", callId: state.callId, round: state.round, draft, at: host.clock.now() });
  const decision = await state.step(draft);
  if (decision.action === "abort") {
    throw new McpError({ kind: "cancelled", message: decision.reason ?? `${state.method} was abandoned in step mode` });
  }
  return { draft: decision.draft, edited: JSON.stringify(decision.draft) !== JSON.stringify(draft) };
}
