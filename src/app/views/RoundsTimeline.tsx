import { useMemo } from "react";
import { useCalls } from "../session/context";
import { chainOf } from "../features/rounds/utils/chainOf";
import { outcomeOf } from "../lib/describeRounds";
import { groupRounds } from "../model";
import { OutcomeView, type RequestCount } from "../features/rounds/components/OutcomeView";
import { RoundItem } from "../features/rounds/components/RoundItem";
import { TaskRequests } from "../features/tasks/TaskRequests";
import { NoRounds } from "../features/rounds/components/NoRounds";
import { AppOriginBadge } from "../session/AppOriginBadge";

/** The rounds of the selected call, top to bottom, ending in how the call finished. */
export function RoundsTimeline() {
  const call = useCalls((s) => (s.selected ? s.calls[s.selected] : undefined));
  const rounds = useMemo(() => (call ? groupRounds(call) : []), [call]);
  const chain = useMemo(() => chainOf(rounds), [rounds]);
  if (!call) {
    return <NoRounds />;
  }
  const legacy = rounds.length > 0 ? rounds.every((r) => r.era === "legacy") : call.revision !== undefined && call.revision < "2026";
  const requests: RequestCount = {
    era: legacy ? "legacy" : "modern",
    retries: rounds.filter((r) => r.retry !== undefined).length,
    // A -32042 round's URLs are not server requests; its retry is a request of its own.
    serverRequests: rounds.reduce((n, r) => n + (r.kind === "urlRequired" ? 0 : r.inputs.length), 0),
    urlRetries: rounds.filter((r) => r.kind === "urlRequired" && r.retry !== undefined).length,
  };
  const tokens = rounds.some((r) => r.requestState !== undefined || r.retry?.requestState !== undefined);
  return (
    <section className="rounds" aria-label="Rounds">
      <header className="rounds-head">
        <h2>Rounds</h2>
        <span className="muted">
          {call.method} <code>{call.target}</code>
        </span>
        <AppOriginBadge callId={call.callId} />
        {tokens && (
          <span className={`badge ${chain.ok ? "ok" : "bad"}`}>
            {chain.ok ? "token chain intact" : `${chain.mismatches} token ${chain.mismatches === 1 ? "mismatch" : "mismatches"}`}
          </span>
        )}
      </header>
      {rounds.length === 0 && <p className="muted">{call.status === "running" ? "No input asked yet." : "The server asked for no input."}</p>}
      <ol className="round-list">
        {rounds.map((round, i) => (
          <RoundItem key={round.index} round={round} link={chain.links[i]} call={call} last={i === rounds.length - 1} />
        ))}
      </ol>
      <TaskRequests call={call} />
      <OutcomeView outcome={outcomeOf(call)} requests={requests} />
    </section>
  );
}
