import type { ArgumentsFormProps } from "./ArgumentsForm";
import { JsonArgumentsEditor } from "./ArgumentsForm";

/** Arguments entry; the schema form engine is loaded on demand (issue: first view stays light). */
export function ArgumentsForm(props: ArgumentsFormProps) {
  return <JsonArgumentsEditor {...props} />;
}
