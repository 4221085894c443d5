import { useLink } from "../../../session/context";
import { linkActions } from "../linkStore";

/** Link parameters that were ignored, said once, dismissable. */
export function LinkProblems() {
  const problems = useLink((s) => s.problems);
  if (problems.length === 0) return null;
  return (
    <div className="link-problems" role="status">
      <strong>From the link:</strong>
      <ul>
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <button type="button" className="link" onClick={linkActions.dismissProblems}>
        Dismiss
      </button>
    </div>
  );
}
