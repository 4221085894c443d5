import type { McpError } from "../../../core";
import { explainError } from "./explainError";

/** An error in words, with the raw code and data one click away. Server text is shown as text. */
export function ErrorView({ error }: { error: McpError }) {
  const e = explainError(error);
  const raw = { kind: error.kind, code: error.code, message: error.message, data: error.data, status: error.status };
  return (
    <div className="error-view" role="alert">
      <strong className="error-title">{e.title}</strong>
      <p className="error-detail">{e.detail}</p>
      {e.hint && <p className="error-hint">{e.hint}</p>}
      <details>
        <summary>Raw error</summary>
        <pre>{JSON.stringify(raw, null, 2)}</pre>
      </details>
    </div>
  );
}
