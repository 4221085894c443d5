import { useState } from "react";
import { isObject } from "../../../../core";

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"]);
const AUDIO_TYPES = /^audio\/[a-z0-9.+-]+$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** One content block; server text is always rendered as text, media only from base64 data URLs. */
function Block({ block, onOpenResource }: { block: unknown; onOpenResource?: (uri: string) => void }) {
  if (!isObject(block)) return <pre className="block-json">{JSON.stringify(block, null, 2)}</pre>;
  switch (block.type) {
    case "text":
      return <pre className="block-text">{String(block.text ?? "")}</pre>;
    case "image": {
      const mime = String(block.mimeType ?? "");
      const data = String(block.data ?? "");
      if (!IMAGE_TYPES.has(mime) || !BASE64.test(data)) return <p className="muted">Image with an unsupported type or bad data ({mime || "no type"})</p>;
      return <img className="block-image" alt="image content from the server" src={`data:${mime};base64,${data}`} />;
    }
    case "audio": {
      const mime = String(block.mimeType ?? "");
      const data = String(block.data ?? "");
      if (!AUDIO_TYPES.test(mime) || !BASE64.test(data)) return <p className="muted">Audio with an unsupported type or bad data</p>;
      return <audio controls src={`data:${mime};base64,${data}`} />;
    }
    case "resource": {
      const r = isObject(block.resource) ? block.resource : {};
      return (
        <div className="block-resource">
          <div className="muted">
            embedded resource <code>{String(r.uri ?? "")}</code> {r.mimeType ? `(${String(r.mimeType)})` : ""}
          </div>
          {typeof r.text === "string" ? <pre className="block-text">{r.text}</pre> : <p className="muted">binary, {String(r.blob ?? "").length} base64 characters</p>}
        </div>
      );
    }
    case "resource_link": {
      const uri = typeof block.uri === "string" ? block.uri : "";
      const label = typeof block.title === "string" ? block.title : typeof block.name === "string" ? block.name : undefined;
      return (
        <div className="block-resource">
          resource link <code>{uri}</code> {label !== undefined ? `“${label}”` : ""} {typeof block.mimeType === "string" ? `(${block.mimeType})` : ""}
          {typeof block.description === "string" && <div className="muted">{block.description}</div>}
          {/* Shown in the item panel, not read: reading it is the user's click there, as for any resource. */}
          {onOpenResource && uri !== "" && (
            <button type="button" className="link" onClick={() => onOpenResource(uri)}>
              Show this resource
            </button>
          )}
        </div>
      );
    }
    default:
      return <pre className="block-json">{JSON.stringify(block, null, 2)}</pre>;
  }
}

/**
 * A tool, prompt or resource result: text, JSON, images, embedded resources, and isError. With
 * `onOpenResource` (a live call's result), a resource link can be shown in the item panel.
 */
export function ResultView({ result, onOpenResource }: { result: Record<string, unknown>; onOpenResource?: (uri: string) => void }) {
  const [raw, setRaw] = useState(false);
  const content = Array.isArray(result.content) ? result.content : undefined;
  const messages = Array.isArray(result.messages) ? result.messages : undefined;
  const contents = Array.isArray(result.contents) ? result.contents : undefined;
  return (
    <section className={`result ${result.isError === true ? "is-error" : ""}`} aria-label="Result" data-testid="result">
      <header className="result-head">
        <strong>{result.isError === true ? "Tool error (isError)" : "Result"}</strong>
        {typeof result.ttlMs === "number" && <span className="badge">ttlMs {result.ttlMs}</span>}
        <button type="button" className="link" onClick={() => setRaw(!raw)}>
          {raw ? "Rendered" : "Raw JSON"}
        </button>
      </header>
      {raw ? (
        <pre className="block-json">{JSON.stringify(result, null, 2)}</pre>
      ) : (
        <>
          {content?.map((b, i) => <Block key={i} block={b} {...(onOpenResource ? { onOpenResource } : {})} />)}
          {messages?.map((m, i) => (
            <div key={i} className="prompt-message">
              <span className="badge">{isObject(m) ? String(m.role) : "?"}</span>
              <Block block={isObject(m) ? m.content : m} />
            </div>
          ))}
          {contents?.map((c, i) => (
            <Block key={i} block={isObject(c) ? { type: "resource", resource: c } : c} />
          ))}
          {result.structuredContent !== undefined && (
            <details>
              <summary>structuredContent</summary>
              <pre className="block-json">{JSON.stringify(result.structuredContent, null, 2)}</pre>
            </details>
          )}
        </>
      )}
    </section>
  );
}
