import { lazy, Suspense } from "react";
import type { PendingInput } from "../store/inputStore";

// The forms engine (rjsf + ajv) loads only when a form is first asked for: the first view stays light.
const RjsfElicitationForm = lazy(() => import("./RjsfElicitationForm"));

/** A form-mode elicitation: the server's message as text, then the form, its preview and the three answers. */
export function ElicitationForm({ input }: { input: PendingInput }) {
  return (
    <div className="elicitation">
      <p className="server-text">{String(input.params.message ?? "")}</p>
      <Suspense fallback={<p className="muted">Loading the form…</p>}>
        <RjsfElicitationForm input={input} />
      </Suspense>
    </div>
  );
}
