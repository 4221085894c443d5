// The Form module itself, not the package index: the index also exports getTestRegistry, which imports
// @rjsf/validator-ajv8 (ajv, eval) without declaring it; the forms here validate without eval.
import Form from "@rjsf/core/lib/components/Form.js";
import { useEffect, useId, useMemo, useState } from "react";
import type { JsonObject } from "../../../core";
import { prepareToolSchema, RjsfBoundary, templates, validatorFor } from "../../lib/rjsf";

export interface ArgumentsFormProps {
  schema: JsonObject;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  onSubmit: (value: Record<string, unknown>) => void;
  submitLabel: string;
  disabled?: boolean;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A raw JSON editor for arguments: the fallback for any schema. */
export function JsonArgumentsEditor({ value, onChange, onSubmit, submitLabel, disabled }: ArgumentsFormProps) {
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [problem, setProblem] = useState<string | undefined>();
  // Follow outside changes (the form view, a reset) but never reformat what the user is typing.
  useEffect(() => {
    setText((t) => {
      try {
        return same(JSON.parse(t), value) ? t : JSON.stringify(value, null, 2);
      } catch {
        return JSON.stringify(value, null, 2);
      }
    });
  }, [value]);
  const parse = (t: string): Record<string, unknown> | undefined => {
    try {
      const v: unknown = JSON.parse(t);
      if (typeof v !== "object" || v === null || Array.isArray(v)) {
        setProblem("Arguments must be a JSON object");
        return undefined;
      }
      setProblem(undefined);
      return v as Record<string, unknown>;
    } catch (e) {
      setProblem((e as Error).message);
      return undefined;
    }
  };
  return (
    <form
      className="json-args"
      onSubmit={(e) => {
        e.preventDefault();
        const v = parse(text);
        if (v) onSubmit(v);
      }}
    >
      <textarea
        aria-label="Arguments (JSON)"
        spellCheck={false}
        value={text}
        rows={Math.min(12, Math.max(3, text.split("\n").length))}
        onChange={(e) => {
          setText(e.target.value);
          const v = parse(e.target.value);
          if (v) onChange(v);
        }}
      />
      {problem && <p className="field-error">{problem}</p>}
      <button type="submit" disabled={disabled || problem !== undefined}>
        {submitLabel}
      </button>
    </form>
  );
}

function Note({ children }: { children: string }) {
  return <p className="input-warning">{children}</p>;
}

/**
 * Tool arguments as a form built from the full JSON Schema, with a switch to raw JSON. Loaded lazily
 * (default export, see LazyArgumentsForm); a schema the engine cannot show falls back to the editor.
 */
export default function SchemaArgumentsForm(props: ArgumentsFormProps) {
  const { schema, value, onChange, onSubmit, submitLabel, disabled } = props;
  const prepared = useMemo(() => prepareToolSchema(schema), [schema]);
  const [mode, setMode] = useState<"form" | "json">(prepared.schema ? "form" : "json");
  const [tried, setTried] = useState(false);
  const idPrefix = `args${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const usable = prepared.schema !== undefined;
  const json = <JsonArgumentsEditor {...props} />;
  return (
    <div className="arguments">
      <div className="args-mode" role="group" aria-label="Arguments view">
        <button type="button" className="link" aria-pressed={mode === "form"} disabled={!usable} onClick={() => setMode("form")}>
          Form
        </button>
        <button type="button" className="link" aria-pressed={mode === "json"} onClick={() => setMode("json")}>
          JSON
        </button>
      </div>
      {prepared.notes.map((n) => (
        <Note key={n}>{usable ? n : `${n}: edit the arguments as JSON.`}</Note>
      ))}
      {mode === "json" || !prepared.schema ? (
        json
      ) : (
        <RjsfBoundary
          resetKey={prepared}
          fallback={(e) => (
            <>
              <Note>{`The form cannot show this schema (${e.message.slice(0, 200)}); edit the arguments as JSON.`}</Note>
              {json}
            </>
          )}
        >
          <Form<Record<string, unknown>>
            className="rjsf args-form"
            schema={prepared.schema}
            formData={value}
            validator={validatorFor(prepared.dialect)}
            templates={templates}
            idPrefix={idPrefix}
            showErrorList={false}
            noHtml5Validate
            liveValidate={tried ? "onChange" : undefined}
            onChange={(e) => onChange(e.formData ?? {})}
            onError={() => setTried(true)}
            onSubmit={(e) => onSubmit(e.formData ?? {})}
          >
            <button type="submit" disabled={disabled}>
              {submitLabel}
            </button>
          </Form>
        </RjsfBoundary>
      )}
    </div>
  );
}
