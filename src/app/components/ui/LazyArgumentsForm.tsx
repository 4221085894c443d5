import { lazy } from "react";
import { LazyPart } from "./LazyPart";
import type { ArgumentsFormProps } from "./ArgumentsForm";

// Only a type comes from ArgumentsForm here: a value import would pull rjsf and its validator into the first view.
const SchemaArgumentsForm = lazy(() => import("./ArgumentsForm"));

/** Arguments entry; the schema form engine is loaded on demand (issue: first view stays light). */
export function ArgumentsForm(props: ArgumentsFormProps) {
  return (
    <LazyPart what="The arguments form" fallback={<p className="muted">Loading the arguments form…</p>}>
      <SchemaArgumentsForm {...props} />
    </LazyPart>
  );
}
