import type { InputView } from "../utils/groupRounds";
import { formatMs, oneLine, summarizeRequest } from "../utils/describe";
import { JsonPreview } from "./JsonPreview";

/** One question of a round: its kind, key and a one-line summary, then the answer or the failure. */
export function InputRow({ input }: { input: InputView }) {
  const summary = summarizeRequest(input.request);
  const settled = input.answer !== undefined || input.error !== undefined;
  return (
    <li className="round-input" aria-label={`Input ${input.key}`} data-kind={summary.kind}>
      <div className="round-input-head">
        <span className={`badge kind-${summary.kind}`}>{summary.label}</span> <code className="input-key">{input.key}</code>{" "}
        <span className="server-text question" title={summary.text}>
          {summary.text}
        </span>
      </div>
      <div className="round-input-answer">
        {input.error ? (
          <span className="bad">✗ {oneLine(input.error.message, 200)}</span>
        ) : input.answer !== undefined ? (
          <JsonPreview value={input.answer} label={`Answer ${input.key}`} />
        ) : (
          <span className="muted">waiting for an answer…</span>
        )}
        {settled && input.ms !== undefined && <span className="muted timing">{formatMs(input.ms)}</span>}
        {input.edited && <span className="badge warn">edited in step mode</span>}
      </div>
    </li>
  );
}
