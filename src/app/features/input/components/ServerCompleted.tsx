import { useMemo } from "react";
import { groupRounds, type CallRecord } from "../../../model";
import { ServerText } from "../../../components/ui/ServerText";
import "../input.css";

/**
 * URL cards the server closed: on 2025-11-25 `notifications/elicitation/complete` answers a pending
 * URL request (a live one or one of a -32042 round); the card the user was looking at goes, and this
 * says why, in the call it belonged to.
 */
export function ServerCompleted({ call }: { call: CallRecord }) {
  const done = useMemo(
    () => groupRounds(call).flatMap((round) => round.inputs.filter((i) => i.completedBy === "server").map((input) => ({ round: round.index, input }))),
    [call],
  );
  if (done.length === 0) return null;
  return (
    <>
      {done.map(({ round, input }) => {
        const params = (input.request.params ?? {}) as Record<string, unknown>;
        return (
          <article key={`${round}:${input.key}`} className="input-card is-completed" aria-label={`Completed URL request ${input.key}`} data-testid="server-completed">
            <header>
              <strong>URL done</strong> <code><ServerText text={input.key} /></code>
              <span className="badge">round {round}</span>
              <span className="badge ok">the server says this is done</span>
            </header>
            {typeof params.message === "string" && <ServerText as="p" className="server-text" text={params.message} />}
            {typeof params.url === "string" && (
              <p className="muted">
                <ServerText text={params.url} />
              </p>
            )}
          </article>
        );
      })}
    </>
  );
}
