import type { ChainLink } from "../utils/chainOf";
import { formatMs } from "../../../lib/describeRounds";
import type { CallRecord, RoundView } from "../../../model";
import { ChainNote } from "./ChainNote";
import { InputRow } from "./InputRow";
import { JsonPreview } from "../../../components/ui/JsonPreview";
import { TokenView } from "./TokenView";
import { ServerText } from "../../../components/ui/ServerText";

function Timing({ round }: { round: RoundView }) {
  const parts: string[] = [];
  if (round.retry && round.kind === "urlRequired") parts.push(`the original request sent again with a new id (request #${String(round.retry.requestId)}) ${formatMs(round.msToRetry ?? 0)} after the -32042`);
  else if (round.retry) parts.push(`answers sent in retry ${round.index} (request #${String(round.retry.requestId)}) ${formatMs(round.msToRetry ?? 0)} after the round began`);
  else if (round.era === "legacy" && round.msToRetry !== undefined) parts.push(`answered in ${formatMs(round.msToRetry)}`);
  if (round.serverMs !== undefined) parts.push(`server took ${formatMs(round.serverMs)}`);
  return parts.length ? <p className="muted timing">{parts.join(" · ")}</p> : null;
}

/**
 * Which request brought a round's questions (2026-07-28): round 1 answers the original call, round n
 * the (n-1)th retry, since each retry carries one round's answers and gets the next questions back.
 */
export function askedBy(round: Pick<RoundView, "index">): { label: string; title: string } {
  if (round.index <= 1) return { label: "original call", title: "These questions came back from the original request (input_required)." };
  const n = round.index - 1;
  return { label: `after retry ${n}`, title: `These questions came back from retry ${n}, the request that carried round ${n}'s answers.` };
}

/** One round: its questions and answers, the retry that carried them, and its token. */
export function RoundItem({ round, link, call, last }: { round: RoundView; link: ChainLink | undefined; call: CallRecord; last: boolean }) {
  const modern = round.era === "modern";
  const asked = askedBy(round);
  return (
    <li className={`round ${round.held ? "is-held" : ""}`} aria-label={`Round ${round.index}`}>
      <header className="round-head">
        <span className="round-dot" aria-hidden="true" />
        <strong>Round {round.index}</strong>
        <span className={`badge era ${modern ? (round.index === 1 ? "original" : "retry") : "live"}`} title={modern ? asked.title : undefined} data-testid="round-origin">
          {modern ? asked.label : round.kind === "urlRequired" ? "error -32042" : `live request${round.serverRequestId !== undefined ? ` #${String(round.serverRequestId)}` : ""}`}
        </span>
        {round.kind === "urlRequired" && (
          <span className="badge kind-url-required" data-testid="round-kind" title="The server answered with -32042 (URL elicitation required): open each URL, then the request is retried">
            URL required
          </span>
        )}
        {round.held && <span className="badge warn">held</span>}
        {round.retry?.edited && <span className="badge warn">edited</span>}
      </header>
      {round.kind === "urlRequired" && round.serverMessage !== undefined && (
        <p className="server-text round-server-message">
          <span className="muted">-32042: </span>
          <ServerText text={round.serverMessage} />
        </p>
      )}
      {round.inputs.length > 0 ? (
        <ul className="round-inputs">
          {round.inputs.map((input) => (
            <InputRow key={input.key} input={input} callId={call.callId} round={round.index} />
          ))}
        </ul>
      ) : (
        <p className="muted">No questions: a state-only round (the client may retry at once).</p>
      )}
      {round.extraKeys.length > 0 && (
        <div className="round-extra">
          <span className="badge warn">also sent</span> <span className="muted">keys the server did not ask:</span>{" "}
          <JsonPreview value={Object.fromEntries(round.extraKeys.map((k) => [k, round.retry?.inputResponses[k]]))} label="Extra keys sent" />
        </div>
      )}
      <Timing round={round} />
      {round.requestState !== undefined ? (
        <details className="round-token" open={last}>
          <summary>requestState</summary>
          <TokenView token={round.requestState} decoded={round.decodedState} scope={{ method: call.method, params: call.params }} />
        </details>
      ) : (
        modern && <p className="muted">No requestState in this round.</p>
      )}
      {link && <ChainNote link={link} finished={call.status !== "running"} />}
    </li>
  );
}
