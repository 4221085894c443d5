/**
 * The requestState chain of a call (README "The requestState token"): each retry must echo its
 * round's token byte for byte, or carry none when the round had none. A server may mint a new token every round (the
 * conformance multi-round scenario does); that is still one conversation, so `next: "new"` is normal.
 */
import type { RoundView } from "../../../model";

/**
 * How a round's retry treated its token:
 * exact (byte-identical), edited (changed), removed (the round had one, the retry none), added (the
 * round had none, the retry one), none (neither had one), pending (no retry yet), live (initialize
 * era: answers go as responses to live requests, there is no token to echo).
 */
export type EchoKind = "exact" | "edited" | "removed" | "added" | "none" | "pending" | "live";

/** The next round's token against this one's: new, same, dropped (next has none), none (neither has one), end (last round). */
export type NextKind = "new" | "same" | "dropped" | "none" | "end";

export interface ChainLink {
  round: number;
  echo: EchoKind;
  next: NextKind;
  /** The echo broke rule 2 (edited, removed or added). */
  mismatch: boolean;
  /** For an edited echo: the first character index where the retry's token differs. */
  diffAt: number | undefined;
  /** presa tokens only: whether this token names the same method, params and caller as the previous round's. */
  sameScope: boolean | undefined;
}

export interface TokenChain {
  links: ChainLink[];
  mismatches: number;
  ok: boolean;
}

/** Index of the first differing character of two strings, or undefined when equal. */
export function firstDiff(a: string, b: string): number | undefined {
  if (a === b) return undefined;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return i;
  return n;
}

function echoOf(round: RoundView): EchoKind {
  if (round.era === "legacy") return "live";
  if (!round.retry) return "pending";
  const sent = round.retry.requestState;
  const got = round.requestState;
  if (got === undefined) return sent === undefined ? "none" : "added";
  if (sent === undefined) return "removed";
  return sent === got ? "exact" : "edited";
}

function nextOf(round: RoundView, next: RoundView | undefined): NextKind {
  if (!next) return "end";
  if (round.requestState === undefined) return next.requestState === undefined ? "none" : "new";
  if (next.requestState === undefined) return "dropped";
  return next.requestState === round.requestState ? "same" : "new";
}

function sameScopeOf(round: RoundView, previous: RoundView | undefined): boolean | undefined {
  const a = previous?.decodedState;
  const b = round.decodedState;
  if (a?.kind !== "presa" || b?.kind !== "presa") return undefined;
  return a.payload.m === b.payload.m && a.payload.d === b.payload.d && a.payload.c === b.payload.c;
}

/** One link per round, in order, and whether the whole chain kept rule 2. */
export function chainOf(rounds: readonly RoundView[]): TokenChain {
  const links = rounds.map((round, i): ChainLink => {
    const echo = echoOf(round);
    const sent = round.retry?.requestState;
    return {
      round: round.index,
      echo,
      next: nextOf(round, rounds[i + 1]),
      mismatch: echo === "edited" || echo === "removed" || echo === "added",
      diffAt: echo === "edited" && sent !== undefined && round.requestState !== undefined ? firstDiff(round.requestState, sent) : undefined,
      sameScope: sameScopeOf(round, rounds[i - 1]),
    };
  });
  const mismatches = links.filter((l) => l.mismatch).length;
  return { links, mismatches, ok: mismatches === 0 };
}
