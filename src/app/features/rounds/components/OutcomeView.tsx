import { errorCodeName } from "../../../../core";
import { formatMs, oneLine, type CallOutcome } from "../../../lib/describeRounds";

function codeOf(code: number | undefined): string {
  if (code === undefined) return "";
  const name = errorCodeName(code);
  return ` (${code}${name ? ` ${name}` : ""})`;
}

/** How many requests a call took: the original call plus its retries (2026-07-28), or live server requests (initialize era). */
export interface RequestCount {
  era: "modern" | "legacy";
  /** 2026-07-28: retries sent after the original call. */
  retries: number;
  /** Initialize era: questions the server asked as live requests. */
  serverRequests: number;
  /** Initialize era, 2025-11-25: retries of the original request after -32042 (URL elicitation required). */
  urlRetries?: number;
}

/** "and 3 requests (the original call and 2 retries)", in words that match the protocol. */
export function requestsText(r: RequestCount): string {
  if (r.era === "legacy") {
    const u = r.urlRetries ?? 0;
    const base = u === 0 ? "in 1 request" : `in ${1 + u} requests (the original call and ${u} ${u === 1 ? "retry" : "retries"} after -32042)`;
    if (r.serverRequests === 0) return base;
    return `${base}, with ${r.serverRequests} live ${r.serverRequests === 1 ? "request" : "requests"} from the server answered`;
  }
  const total = 1 + r.retries;
  if (r.retries === 0) return "in 1 request (the original call, no retries)";
  return `and ${total} requests (the original call and ${r.retries} ${r.retries === 1 ? "retry" : "retries"})`;
}

/** The end of the timeline: how the call finished. */
export function OutcomeView({ outcome, requests }: { outcome: CallOutcome; requests?: RequestCount }) {
  const took = requests ? ` ${requestsText(requests)},` : "";
  switch (outcome.kind) {
    case "running":
      return <p className="round-outcome running">Running…</p>;
    case "complete":
      return (
        <p className={`round-outcome ${outcome.isError ? "warn" : "ok"}`} data-outcome="complete">
          ✓ Complete after {outcome.rounds} {outcome.rounds === 1 ? "round" : "rounds"} of input{took} in {formatMs(outcome.ms)}
          {outcome.isError ? ", with a tool error (isError)" : ""}
        </p>
      );
    case "roundCap":
      return (
        <p className="round-outcome bad" data-outcome="roundCap">
          ✗ Round cap reached: the server kept asking
          {outcome.maxRounds !== undefined ? ` past the cap of ${outcome.maxRounds} rounds` : ""} ({outcome.rounds} {outcome.rounds === 1 ? "round" : "rounds"} of input{took} {formatMs(outcome.ms)})
        </p>
      );
    case "cancelled":
      return (
        <p className="round-outcome warn" data-outcome="cancelled">
          Cancelled{requests ? ` (${requestsText(requests).replace(/^(in|and) /, "")})` : ""}: {oneLine(outcome.error.message, 300)}
        </p>
      );
    case "error":
      return (
        <p className="round-outcome bad" data-outcome="error">
          ✗ Error{codeOf(outcome.error.code)}{requests ? ` (${requestsText(requests).replace(/^(in|and) /, "")})` : ""}: {oneLine(outcome.error.message, 300)}
        </p>
      );
  }
}
