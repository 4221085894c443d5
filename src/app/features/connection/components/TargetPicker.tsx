import { useState } from "react";
import type { HeaderRow, Target } from "../../../stores/connectionStore";

/** Embedded demo server (in the page, no network) or any Streamable HTTP URL with custom headers. */
export function TargetPicker({ target, onConnect }: { target: Target; onConnect: (t: Target) => void }) {
  const [kind, setKind] = useState<Target["kind"]>(target.kind);
  const [url, setUrl] = useState(target.kind === "url" ? target.url : "http://127.0.0.1:3939/mcp");
  const [headers, setHeaders] = useState<HeaderRow[]>(target.kind === "url" ? target.headers : []);
  const [open, setOpen] = useState(false);

  return (
    <div className="target">
      <label className="field">
        <span>Server</span>
        <select
          aria-label="Server"
          value={kind}
          onChange={(e) => {
            const next = e.target.value as Target["kind"];
            setKind(next);
            if (next === "embedded") onConnect({ kind: "embedded" });
          }}
        >
          <option value="embedded">Embedded demo server (in this page)</option>
          <option value="url">Streamable HTTP URL</option>
        </select>
      </label>
      {kind === "url" && (
        <form
          className="url-form"
          onSubmit={(e) => {
            e.preventDefault();
            onConnect({ kind: "url", url: url.trim(), headers });
          }}
        >
          <input aria-label="Server URL" className="url-input" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="http://127.0.0.1:3939/mcp" />
          <button type="button" className="link" onClick={() => setOpen(!open)} aria-expanded={open}>
            Headers ({headers.length})
          </button>
          <button type="submit">Connect</button>
          {open && (
            <div className="headers-editor">
              {headers.map((h, i) => (
                <div key={i} className="header-row">
                  <input aria-label={`Header name ${i + 1}`} value={h.name} placeholder="Authorization" onChange={(e) => setHeaders(headers.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))} />
                  <input aria-label={`Header value ${i + 1}`} value={h.value} placeholder="Bearer …" onChange={(e) => setHeaders(headers.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))} />
                  <button type="button" aria-label={`Remove header ${i + 1}`} onClick={() => setHeaders(headers.filter((_, j) => j !== i))}>
                    ×
                  </button>
                </div>
              ))}
              <button type="button" onClick={() => setHeaders([...headers, { name: "", value: "" }])}>
                Add header
              </button>
            </div>
          )}
        </form>
      )}
    </div>
  );
}
