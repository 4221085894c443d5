import { errorCodeName } from "../../../../core/protocol/codes";
import { formatMs, oneLine, type CallOutcome } from "../utils/describe";

function codeOf(code: number | undefined): string {
  if (code === undefined) return "";
  const name = errorCodeName(code);
  return ` (${code}${name ? ` ${name}` : ""})`;
}

/** The end of the timeline: how the call finished. */
export function OutcomeView({ outcome }: { outcome: CallOutcome }) {
  switch (outcome.kind) {
    case "running":
      return <p className="round-outcome running">Running…</p>;
    case "complete":
      return (
        <p className={`round-outcome ${outcome.isError ? "warn" : "ok"}`} data-outcome="complete">
          ✓ Complete after {outcome.rounds} {outcome.rounds === 1 ? "round" : "rounds"} of input in {formatMs(outcome.ms)}
          {outcome.isError ? ", with a tool error (isError)" : ""}
        </p>
      );
    case "roundCap":
      return (
        <p className="round-outcome bad" data-outcome="roundCap">
          ✗ Round cap reached: the server kept asking
          {outcome.maxRounds !== undefined ? ` past the cap of ${outcome.maxRounds} rounds` : ""} ({formatMs(outcome.ms)})
        </p>
      );
    case "cancelled":
      return (
        <p className="round-outcome warn" data-outcome="cancelled">
          Cancelled: {oneLine(outcome.error.message, 300)}
        </p>
      );
    case "error":
      return (
        <p className="round-outcome bad" data-outcome="error">
          ✗ Error{codeOf(outcome.error.code)}: {oneLine(outcome.error.message, 300)}
        </p>
      );
  }
}
