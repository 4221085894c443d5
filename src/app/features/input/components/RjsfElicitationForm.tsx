import Form from "@rjsf/core";
import type { CustomValidator, FormValidation } from "@rjsf/utils";
import { useLayoutEffect, useMemo, useState } from "react";
import { markFormInteractive } from "../../../lib/perfMarks";
import { RjsfBoundary, templates, transformErrors, validator } from "../../../lib/rjsf";
import { useAnswer } from "../api/useAnswer";
import type { PendingInput } from "../store/inputStore";
import { acceptResult, contentFrom } from "../utils/elicitContent";
import { toRjsfForm } from "../utils/elicitSchema";
import { ElicitationFallback } from "./ElicitationFallback";

type Data = Record<string, unknown>;

/** The rjsf form for an elicitation; default export so ElicitationForm can load it lazily. */
export default function RjsfElicitationForm({ input }: { input: PendingInput }) {
  const { answer } = useAnswer(input);
  const form = useMemo(() => toRjsfForm(input.params.requestedSchema), [input.params.requestedSchema]);
  const [data, setData] = useState<Data>(form.initial);
  const [tried, setTried] = useState(false);
  const preview = acceptResult(form, data);
  // After commit the fields are in the DOM and React's handlers take input: the bench's "form interactive".
  useLayoutEffect(markFormInteractive, []);

  // Raw JSON fields are strings to rjsf; that they parse is checked here, next to the schema's rules.
  const customValidate: CustomValidator<Data> = (formData, errors) => {
    const problems = contentFrom(form, formData).problems;
    for (const [name, message] of Object.entries(problems)) (errors as Record<string, FormValidation | undefined>)[name]?.addError(message);
    return errors;
  };
  const declineOrCancel = (
    <>
      <button type="button" onClick={() => answer({ action: "decline" })}>
        Decline
      </button>
      <button type="button" onClick={() => answer({ action: "cancel" })}>
        Cancel
      </button>
    </>
  );

  return (
    <>
      {form.warnings.length > 0 && (
        <ul className="input-warnings" aria-label="Schema warnings">
          {form.warnings.map((w, i) => (
            <li key={i}>
              {w.field !== undefined && <code>{w.field}</code>} {w.message}
            </li>
          ))}
        </ul>
      )}
      <RjsfBoundary resetKey={form} fallback={(e) => <ElicitationFallback error={e} onAnswer={answer} actions={declineOrCancel} />}>
        <Form<Data>
          className="rjsf input-form"
          schema={form.schema}
          uiSchema={form.uiSchema}
          formData={data}
          validator={validator}
          templates={templates}
          transformErrors={transformErrors}
          idPrefix={input.id}
          showErrorList={false}
          noHtml5Validate
          liveValidate={tried ? "onChange" : undefined}
          customValidate={customValidate}
          onChange={(e) => setData(e.formData ?? {})}
          onError={() => setTried(true)}
          onSubmit={(e) => answer(acceptResult(form, e.formData))}
        >
          <div className="actions">
            <button type="submit">Accept</button>
            {declineOrCancel}
          </div>
        </Form>
      </RjsfBoundary>
      <figure className="answer-preview">
        <figcaption>Preview of the answer</figcaption>
        <pre aria-label="Preview of the answer">{JSON.stringify(preview, null, 2)}</pre>
      </figure>
    </>
  );
}
