import { cannedStore, useCanned } from "../cannedStore";
import { inputKinds } from "../../../../core";
import { ANSWERS_SCHEMA_PATH, exportAnswers, type CannedAnswer } from "../../../../core/recording";
import { MockModelPanel } from "./MockModelPanel";
import { downloadJson, schemaUrl } from "../../../lib/downloadJson";

/** Saves the canned answers as an answers file: what `presa-inspector call --answers FILE` reads (README "Command line"). */
function downloadAnswers(answers: readonly CannedAnswer[]): void {
  downloadJson("presa-answers.json", JSON.stringify(exportAnswers(answers, schemaUrl(ANSWERS_SCHEMA_PATH)), null, 2));
}

/** Auto-answer switches per kind of input, the saved canned answers, and the mock model. */
export function CannedPanel() {
  const auto = useCanned((s) => s.auto);
  const answers = useCanned((s) => s.answers);
  return (
    <details className="qa-section canned-panel" open>
      <summary>Canned answers ({answers.length})</summary>
      <fieldset className="auto-answer">
        <legend>Auto-answer from canned answers</legend>
        {inputKinds().map(({ id, words }) => (
          <label key={id} className="field inline">
            <input type="checkbox" checked={auto[id] === true} onChange={(e) => cannedStore.setAuto(id, e.target.checked)} />
            <span>Auto-answer {words.plural}</span>
          </label>
        ))}
      </fieldset>
      {answers.length === 0 ? (
        <p className="muted">None yet: “Save as canned answer…” on an input card.</p>
      ) : (
        <ul className="canned-list" aria-label="Canned answers">
          {answers.map((a) => (
            <li key={a.id}>
              <span className="canned-name">{a.name}</span>
              <span className="muted">
                {a.kind} · {a.target} · {a.key ?? a.question}
              </span>
              <button type="button" className="link" aria-label={`Delete canned answer ${a.name}`} onClick={() => cannedStore.remove(a.id)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {answers.length > 0 && (
        <button type="button" className="link" onClick={() => downloadAnswers(answers)} title="An answers file for the command line: presa-inspector call --answers FILE">
          Export answers file
        </button>
      )}
      <MockModelPanel />
    </details>
  );
}
