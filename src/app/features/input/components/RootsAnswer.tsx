import type { Root } from "../../../../core";
import { uiActions, useUi } from "../../../stores/uiStore";
import { useAnswer } from "../useAnswer";
import type { PendingInput } from "../inputStore";
import { checkRoot, ROOT_PROBLEM_TEXT, rootsToSend } from "../../../lib/roots";

const setRoots = (roots: Root[]) => uiActions.setRoots(roots);

/** roots/list: the user's roots, editable here and kept in the UI store for the next time a server asks. */
export function RootsAnswer({ input }: { input: PendingInput }) {
  const { answer } = useAnswer(input);
  const roots = useUi((s) => s.roots);
  const update = (i: number, patch: Partial<Root>) => setRoots(roots.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="roots-answer">
      <p className="muted">The server asks which roots (file:// folders) it may see.</p>
      <ul className="roots-list" aria-label="Roots">
        {roots.map((r, i) => {
          const problem = checkRoot(r.uri);
          return (
            <li key={i} className="root-row">
              <input aria-label={`Root ${i + 1} URI`} value={r.uri} placeholder="file:///path" onChange={(e) => update(i, { uri: e.target.value })} />
              <input aria-label={`Root ${i + 1} name`} value={r.name ?? ""} placeholder="name (optional)" onChange={(e) => update(i, { name: e.target.value })} />
              <button type="button" className="link" aria-label={`Remove root ${i + 1}`} onClick={() => setRoots(roots.filter((_, j) => j !== i))}>
                Remove
              </button>
              {problem && <span className="input-warning">{ROOT_PROBLEM_TEXT[problem]}</span>}
            </li>
          );
        })}
      </ul>
      <button type="button" className="link" onClick={() => setRoots([...roots, { uri: "file:///", name: "" }])}>
        Add root
      </button>
      <div className="actions">
        <button type="button" onClick={() => answer({ roots: rootsToSend(roots) })}>
          Send roots
        </button>
      </div>
    </div>
  );
}
