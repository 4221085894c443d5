import { useState } from "react";
import type { ElicitResult } from "../../../../core/protocol/types";
import { useInspector } from "../../../lib/context";
import { useUi } from "../../../stores/uiStore";
import type { PendingInput } from "../store/inputStore";

/** One question from the server, answered by the user; the badge says how the answer travels. */
export function InputRequestCard({ input }: { input: PendingInput }) {
  const inspector = useInspector();
  const roots = useUi((s) => s.roots);
  const [content, setContent] = useState("{}");
  const params = input.params;
  const answer = (r: ElicitResult) => inspector.inputs.answer(input.id, r);
  return (
    <article className="input-card" aria-label={`Input request ${input.key}`} data-kind={input.kind}>
      <header>
        <strong>{input.kind}</strong> <code>{input.key}</code> <span className="badge">round {input.round}</span>
        <span className="badge">{input.era === "modern" ? "answer goes back as a retry" : "answers a live server request"}</span>
      </header>
      {input.kind === "elicitation/create" && (
        <>
          <p className="server-text">{String(params.message ?? "")}</p>
          {params.mode === "url" ? <code>{String(params.url ?? "")}</code> : <textarea aria-label="Content (JSON)" value={content} onChange={(e) => setContent(e.target.value)} />}
          <div className="actions">
            <button type="button" onClick={() => answer(params.mode === "url" ? { action: "accept" } : { action: "accept", content: JSON.parse(content) as ElicitResult["content"] })}>
              Accept
            </button>
            <button type="button" onClick={() => answer({ action: "decline" })}>
              Decline
            </button>
            <button type="button" onClick={() => answer({ action: "cancel" })}>
              Cancel
            </button>
          </div>
        </>
      )}
      {input.kind === "roots/list" && (
        <button type="button" onClick={() => inspector.inputs.answer(input.id, { roots })}>
          Send roots
        </button>
      )}
    </article>
  );
}
