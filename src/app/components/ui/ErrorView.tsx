import { useEffect, useState } from "react";
import type { McpError } from "../../../core";
import { LazyLoadError, lazyChunk } from "../../lib/lazyChunk";
import type { Explanation } from "../../lib/explainError";

// The explanations (../../lib/explainError.ts) are a chunk of their own, fetched ahead once connected
// (prefetchForms): the first view shows no error. Until they are here, an error shows its own words.
let explain: ((error: McpError) => Explanation) | undefined;
const loadExplanations = lazyChunk("the error explanations", () => import("../../lib/explainError").then((m) => (explain = m.explainError)));

/** Fetches the explanations ahead. */
export const prefetchExplanations = (): Promise<unknown> => loadExplanations();

/** An error in words without the explanations' code: a part that did not load, or the error's own message. */
function plainWords(error: McpError): Explanation {
  if (error instanceof LazyLoadError) {
    return {
      title: "Part of the inspector did not load",
      detail: error.message,
      hint: "Its code comes from the inspector's own server when first needed: check that it still runs (npm start), then try again or reload the page.",
    };
  }
  return { title: error.status ? `HTTP ${error.status}` : "Error", detail: error.message };
}

/** An error in words, with the raw code and data one click away. Server text is shown as text. */
export function ErrorView({ error }: { error: McpError }) {
  const [, setLoaded] = useState(explain !== undefined);
  useEffect(() => {
    if (!explain) loadExplanations().then(() => setLoaded(true), () => undefined);
  }, []);
  const e = error instanceof LazyLoadError || !explain ? plainWords(error) : explain(error);
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
