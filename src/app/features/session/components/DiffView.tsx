import type { InputRequest } from "../../../../core";
import { oneLine, summarizeRequest } from "../../../lib/describeRounds";
import type { CallDiff, InputDiff, Outcome } from "../../../../core/recording";

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
      <div className={`diff-outcome diff-${diff.outcome.change}`} aria-label={`Result ${diff.outcome.change}`}>
        Result <span className="badge">{diff.outcome.change}</span>{" "}
        {diff.outcome.change === "same" ? (
          <span className="server-text">{outcomeText(diff.outcome.after)}</span>
        ) : (
          <>
            <del className="server-text">{outcomeText(diff.outcome.before)}</del> → <ins className="server-text">{outcomeText(diff.outcome.after)}</ins>
          </>
        )}
      </div>
    </article>
  );
}
