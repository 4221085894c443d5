/**
 * URL elicitation outside a live request (2025-11-25 "Elicitation" § URL mode):
 * - `-32042` URLElicitationRequiredError: the server answers a request with the URLs the user must
 *   visit first (`data.elicitations`, each URL mode with an `elicitationId`); the client shows each
 *   one like any URL elicitation and retries the original request once they are completed;
 * - `notifications/elicitation/complete`: the server says one URL elicitation is done. Unknown and
 *   already-completed ids are ignored, as the spec requires.
 * Neither exists on 2026-07-28 (URL elicitation goes through `input_required` there) nor before
 * 2025-11-25. Reading a -32042 and its round are urlRequiredRound.ts (with the call rounds, loaded on the
 * first call); what the client needs while no call runs (the completion notices) stays here.
 */
import { McpError } from "../errors";
import { ErrorCode } from "../protocol/codes";
import { hasUrlElicitation } from "../protocol/revisions";


/** Whether the revision defines -32042 and the completion notice (2025-11-25 only). */
export function definesUrlRequired(revision: string | undefined): boolean {
  return revision !== undefined && hasUrlElicitation(revision) && revision < "2026-07-28";
}

export function isUrlRequired(e: unknown): e is McpError {
  return e instanceof McpError && e.kind === "protocol" && e.code === ErrorCode.UrlElicitationRequired;
}

/**
 * A -32042 on a revision that does not define it is the server's protocol error: said so, with the
 * server's code, message and data kept. Any other error passes through unchanged.
 */
export function explainUrlRequired(error: McpError, revision: string | undefined): McpError {
  if (!isUrlRequired(error) || definesUrlRequired(revision)) return error;
  // The server's code, message and data stay as sent; the reason says why nothing was shown.
  return new McpError({
    kind: "protocol",
    code: error.code,
    data: error.data,
    message: error.message,
    reason: { type: "urlRequired", problem: "notInRevision", revision },
  });
}

/** Why a -32042 is not acted on in a revision, in words (for the UI and logs). */
export function urlRequiredOutsideRevision(revision: string | undefined): string {
  return revision !== undefined && revision >= "2026-07-28"
    ? "the server answered with -32042 (URL elicitation required), which 2026-07-28 removed: a server asks for a URL with an input_required result instead"
    : `the server answered with -32042 (URL elicitation required), which exists only on 2025-11-25; this session speaks ${revision ?? "no revision yet"}`;
}

interface Watched {
  callId: string | undefined;
  round: number;
  key: string;
  completed: boolean;
  /** Set while an answer is awaited: resolves it as done by the server. */
  resolve: (() => void) | undefined;
}

/** What a completion notice matched. */
export interface CompletionMatch {
  elicitationId: string;
  callId: string | undefined;
  round: number;
  key: string;
  /** True when an answer was still awaited, which the notice has now given. */
  waiting: boolean;
}

/** The URL elicitations this client has seen, by elicitationId, so completion notices find theirs. */
export class UrlCompletions {
  readonly #seen = new Map<string, Watched>();

  /**
   * Registers a URL elicitation about to be answered. The promise resolves when the server's notice
   * for it arrives; `done()` marks it answered by the user (a later notice still counts as news).
   */
  watch(elicitationId: string, slot: { callId: string | undefined; round: number; key: string }): { completed: Promise<void>; done(): void } {
    let resolve: () => void = () => undefined;
    const completed = new Promise<void>((r) => (resolve = r));
    const entry: Watched = { ...slot, completed: false, resolve };
    this.#seen.set(elicitationId, entry);
    // Bounded: ids only matter while a card is open or just answered.
    if (this.#seen.size > 500) this.#seen.delete(this.#seen.keys().next().value as string);
    return { completed, done: () => void (entry.resolve = undefined) };
  }

  /** Applies a completion notice; unknown and already-completed ids give undefined (spec: ignore them). */
  complete(elicitationId: unknown): CompletionMatch | undefined {
    if (typeof elicitationId !== "string") return undefined;
    const entry = this.#seen.get(elicitationId);
    if (!entry || entry.completed) return undefined;
    entry.completed = true;
    const waiting = entry.resolve !== undefined;
    entry.resolve?.();
    entry.resolve = undefined;
    return { elicitationId, callId: entry.callId, round: entry.round, key: entry.key, waiting };
  }
}
