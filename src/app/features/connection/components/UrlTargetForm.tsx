import { useState, type Dispatch } from "react";
import type { DraftAction, TargetDraft } from "../utils/targetDraft";
import { KeyValueRows } from "./KeyValueRows";
import { TransportSelect } from "./TransportSelect";

/** A Streamable HTTP URL with custom headers: called by the page itself, or through the bridge. */
export function UrlTargetForm({ draft, dispatch, onSubmit }: { draft: TargetDraft; dispatch: Dispatch<DraftAction>; onSubmit: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <form
      className="url-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {/* The field narrows on a smaller window: the whole URL stays one hover away. */}
      <input aria-label="Server URL" className="url-input" title={draft.url} value={draft.url} onChange={(e) => dispatch({ type: "field", field: "url", value: e.target.value })} placeholder="http://127.0.0.1:3939/mcp" />
      <TransportSelect draft={draft} dispatch={dispatch} />
      <button type="button" className="link" onClick={() => setOpen(!open)} aria-expanded={open}>
        Headers ({draft.headers.length})
      </button>
      <button type="submit">Connect</button>
      {open && (
        <div className="headers-editor">
          <KeyValueRows rows={draft.headers} onChange={(rows) => dispatch({ type: "rows", field: "headers", rows })} noun="Header" namePlaceholder="Authorization" valuePlaceholder="Bearer …" />
        </div>
      )}
    </form>
  );
}
