import type { InputRequest } from "../../../../core";
import { oneLine, summarizeRequest } from "../../../lib/describeRounds";
import { differenceWords, MAX_FIELD_DIFFERENCES, type CallDiff, type InputDiff, type Outcome, type OutcomeDiff } from "../../../../core/recording";

function question(r: InputRequest | undefined): string {
  if (!r) return "—";
  const s = summarizeRequest(r);
  return `${s.label}: ${s.text}`;
}

function outcomeText(o: Outcome): string {
  if (o.kind === "none") return "did not finish";
  if (o.kind === "error") return `error${o.code !== undefined ? ` ${o.code}` : ""}: ${oneLine(o.message, 200)}`;
  const content = Array.isArray(o.value.content) ? o.value.content : Array.isArray(o.value.messages) ? o.value.messages : Array.isArray(o.value.contents) ? o.value.contents : [];
  const texts = content.map((b) => (typeof b === "object" && b !== null && typeof (b as { text?: unknown }).text === "string" ? (b as { text: string }).text : "")).filter(Boolean);
  return `${o.value.isError === true ? "isError: " : ""}${oneLine(texts.length ? texts.join(" ") : JSON.stringify(o.value), 300)}`;
}

function InputLine({ input }: { input: InputDiff }) {
  return (
    <li className={`diff-input diff-${input.change}`} aria-label={`Input ${input.key} ${input.change}`}>
      <span className="badge">{input.change}</span> <code>{input.key}</code>{" "}
      {input.change === "changed" ? (
        <>
          <del className="server-text">{question(input.before)}</del> → <ins className="server-text">{question(input.after)}</ins>
        </>
      ) : (
        <span className="server-text">{question(input.after ?? input.before)}</span>
      )}
    </li>
  );
}

/**
 * The result's line: what it said before and after, and, when it changed, the fields that differ, so
 * two results that read the same ("Hello, Grace!" twice) still show where they differ.
 */
function OutcomeLine({ outcome }: { outcome: OutcomeDiff }) {
  const before = outcomeText(outcome.before);
  const after = outcomeText(outcome.after);
  const badge = outcome.change === "same" ? "same" : outcome.envelopeOnly ? "envelope only" : "changed";
  const shown = outcome.fields.slice(0, MAX_FIELD_DIFFERENCES);
  return (
    <div className={`diff-outcome diff-${outcome.change}`} aria-label={`Result ${badge}`}>
      Result <span className="badge">{badge}</span>{" "}
      {outcome.change === "same" || before === after ? (
        <span className="server-text">{after}</span>
      ) : (
        <>
          <del className="server-text">{before}</del> → <ins className="server-text">{after}</ins>
        </>
      )}
      {outcome.envelopeOnly && <p className="diff-note">Only protocol envelope fields differ (they change with the revision, not with what the server answered):</p>}
      {shown.length > 0 && (
        <ul className="diff-fields" aria-label="Fields that differ">
          {shown.map((f) => (
            <li key={f.path} className="server-text">
              <code>{differenceWords(f)}</code>
            </li>
          ))}
          {outcome.fields.length > shown.length && <li>and {outcome.fields.length - shown.length} more</li>}
        </ul>
      )}
    </div>
  );
}

/** One call's replay against its recording: each round's input requests, then the outcome. */
export function DiffView({ diff }: { diff: CallDiff }) {
  return (
    <article className={`call-diff ${diff.same ? "is-same" : "differs"}`} aria-label={`Replay of ${diff.method} ${diff.target}`}>
      <header>
        <strong>
          {diff.method} <code>{diff.target}</code>
        </strong>
        <span className={`badge ${diff.same ? "ok" : "bad"}`}>{diff.same ? "same" : "differs"}</span>
      </header>
      <ol className="diff-rounds">
        {diff.rounds.map((r) => (
          <li key={r.index} className={`diff-round diff-${r.change}`} aria-label={`Round ${r.index} ${r.change}`}>
            Round {r.index} <span className="badge">{r.change}</span>
            <ul>
              {r.inputs.map((i) => (
                <InputLine key={`${i.change}:${i.key}`} input={i} />
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <OutcomeLine outcome={diff.outcome} />
    </article>
  );
}
