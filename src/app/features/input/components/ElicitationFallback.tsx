import { useState, type ReactNode } from "react";
import type { ElicitResult } from "../../../../core/protocol/types";

interface Props {
  error: Error;
  onAnswer: (r: ElicitResult) => void;
  actions: ReactNode;
}

/** When the form engine cannot render a schema: the content as raw JSON, still with all three answers. */
export function ElicitationFallback({ error, onAnswer, actions }: Props) {
  const [text, setText] = useState("{}");
  let parsed: ElicitResult["content"] | undefined;
  try {
    const v: unknown = JSON.parse(text);
    parsed = typeof v === "object" && v !== null && !Array.isArray(v) ? (v as ElicitResult["content"]) : undefined;
  } catch {
    parsed = undefined;
  }
  return (
    <div className="elicitation-fallback">
      <p className="input-warning">The form could not be shown ({error.message}); enter the content as JSON.</p>
      <textarea aria-label="Content (JSON)" spellCheck={false} rows={4} value={text} onChange={(e) => setText(e.target.value)} />
      {parsed === undefined && <p className="field-error">Content must be a JSON object.</p>}
      <div className="actions">
        <button type="button" disabled={parsed === undefined} onClick={() => parsed && onAnswer({ action: "accept", content: parsed })}>
          Accept
        </button>
        {actions}
      </div>
    </div>
  );
}
