import type { InputView } from "../../../model";
import { formatMs, oneLine, summarizeRequest } from "../../../lib/describeRounds";
import { JsonPreview } from "../../../components/ui/JsonPreview";
import { AutoBadge } from "../../../session/AutoBadge";
import { ServerText } from "../../../components/ui/ServerText";
import { revealText } from "../../../lib/invisible";

/** One question of a round: its kind, key and a one-line summary, then the answer or the failure. */
export function InputRow({ input, callId, round }: { input: InputView; callId: string; round: number }) {
  const summary = summarizeRequest(input.request);
  const settled = input.answer !== undefined || input.error !== undefined;
  // Once retried, show what went (step mode may have changed it); until then, the answer given.
  const shown = input.sent ?? input.answer;
  return (
    <li className="round-input" aria-label={`Input ${input.key}`} data-kind={summary.kind}>
      <div className="round-input-head">
        <span className={`badge kind-${summary.kind}`}>{summary.label}</span> <code className="input-key">{input.key}</code>{" "}
        <span className="server-text question" title={revealText(summary.text)}>
          <ServerText text={summary.text} />
        </span>
      </div>
      <div className="round-input-answer">
        {input.error ? (
          <span className="bad">✗ {oneLine(input.error.message, 200)}</span>
        ) : shown !== undefined ? (
          <JsonPreview value={shown} label={`Answer ${input.key}`} />
        ) : input.edited ? (
          <span className="bad">not sent: removed in step mode</span>
        ) : (
          <span className="muted">waiting for an answer…</span>
        )}
        {settled && input.ms !== undefined && <span className="muted timing">{formatMs(input.ms)}</span>}
        {input.edited && shown !== undefined && <span className="badge warn">edited in step mode</span>}
        {input.completedBy === "server" && <span className="badge ok" data-testid="completed-by-server">the server says this is done</span>}
        <AutoBadge callId={callId} round={round} inputKey={input.key} />
      </div>
    </li>
  );
}
