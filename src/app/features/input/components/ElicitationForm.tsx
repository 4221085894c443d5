import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { markFormInteractive } from "../../../session/perfMarks";
import { useAnswer } from "../useAnswer";
import type { PendingInput } from "../inputStore";
import { acceptResult, contentFrom, fieldName, type FormValues } from "../utils/elicitContent";
import { readSchema, type ElicitField } from "../utils/elicitSchema";
import { revealText } from "../../../lib/invisible";
import { ServerText } from "../../../components/ui/ServerText";
import "../input.css";

type OnChange = (name: string, value: unknown) => void;

interface FieldProps {
  field: ElicitField;
  id: string;
  value: unknown;
  error: string | undefined;
  onChange: OnChange;
}

/** The field's label row: its title (or key) as server text, a star when required, and its key. */
function Label({ field, id, legend }: { field: ElicitField; id: string; legend?: boolean }) {
  const title = <ServerText text={field.title?.trim() ? field.title : field.name} />;
  const extra = (
    <>
      {field.required && (
        <span className="required" aria-hidden="true">
          *
        </span>
      )}
      {field.title?.trim() && field.title !== field.name && (
        <code className="field-key" aria-hidden="true">
          {revealText(field.name)}
        </code>
      )}
    </>
  );
  if (legend)
    return (
      <legend className="field-label" id={`${id}-label`}>
        {title}
        {extra}
      </legend>
    );
  return (
    <div className="field-label">
      <label htmlFor={id}>{title}</label>
      {extra}
    </div>
  );
}

function Control({ field, id, value, error, onChange }: FieldProps) {
  const described = [field.description ? `${id}-desc` : "", error ? `${id}-err` : ""].filter(Boolean).join(" ") || undefined;
  const common = { id, "aria-invalid": error ? true : undefined, "aria-required": field.required || undefined, "aria-describedby": described };
  const str = typeof value === "string" ? value : "";
  switch (field.kind) {
    case "string":
      return (
        <input
          {...common}
          type={field.format === "date" ? "date" : "text"}
          inputMode={field.format === "email" ? "email" : field.format === "uri" ? "url" : undefined}
          placeholder={field.format === "date-time" ? "2026-12-31T09:30:00Z" : undefined}
          value={str}
          onChange={(e) => onChange(field.name, e.target.value)}
        />
      );
    case "number":
    case "integer":
      return <input {...common} type="text" inputMode={field.kind === "integer" ? "numeric" : "decimal"} value={str} onChange={(e) => onChange(field.name, e.target.value)} />;
    case "raw":
      return <textarea {...common} rows={3} spellCheck={false} value={str} onChange={(e) => onChange(field.name, e.target.value)} />;
    case "enum":
    case "titledEnum":
    case "legacyEnum":
      return (
        <select {...common} value={str} onChange={(e) => onChange(field.name, e.target.value === "" ? undefined : e.target.value)}>
          <option value="">{field.required ? "— choose —" : "— leave out —"}</option>
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {revealText(o.label)}
            </option>
          ))}
        </select>
      );
    case "boolean":
      return (
        <div className="choices" role="radiogroup" aria-labelledby={`${id}-label`} aria-required={field.required || undefined} aria-describedby={described} aria-invalid={error ? true : undefined}>
          <label>
            <input type="radio" id={id} name={id} checked={value === true} onChange={() => onChange(field.name, true)} /> Yes
          </label>
          <label>
            <input type="radio" name={id} checked={value === false} onChange={() => onChange(field.name, false)} /> No
          </label>
          {typeof value === "boolean" && !field.required ? (
            <button type="button" className="link" onClick={() => onChange(field.name, undefined)}>
              Clear (leave out)
            </button>
          ) : (
            typeof value !== "boolean" && <span className="unset">not chosen</span>
          )}
        </div>
      );
    case "multiEnum":
    case "titledMultiEnum": {
      const list = Array.isArray(value) ? (value as string[]) : [];
      const toggle = (v: string, on: boolean) => onChange(field.name, on ? [...list, v] : list.filter((x) => x !== v));
      return (
        <div className="choices" aria-describedby={described}>
          {(field.options ?? []).map((o, i) => (
            <label key={o.value}>
              <input type="checkbox" id={i === 0 ? id : undefined} checked={list.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} /> {revealText(o.label)}
            </label>
          ))}
        </div>
      );
    }
  }
}

const FieldRow = memo(function FieldRow(props: FieldProps) {
  const { field, id, error } = props;
  const group = field.kind === "boolean" || field.kind === "multiEnum" || field.kind === "titledMultiEnum";
  const Wrap = group ? "fieldset" : "div";
  return (
    <Wrap className={`field-row ${error ? "invalid" : ""} ${field.kind === "raw" || group ? "wide" : ""}`} data-field={field.name} data-kind={field.kind}>
      <Label field={field} id={id} legend={group} />
      {field.description && (
        <div id={`${id}-desc`}>
          <ServerText as="p" className="field-desc" text={field.description} />
        </div>
      )}
      <Control {...props} />
      {field.kind === "raw" && <p className="field-note">Raw JSON: {field.rawReason}, not in the MCP elicitation subset.</p>}
      {error && (
        <p className="field-error" id={`${id}-err`} role="alert">
          {error}
        </p>
      )}
    </Wrap>
  );
});

/**
 * How many fields render in the first commit. A form with more renders the rest in the next task, so
 * the first fields take input at once and every field is in the page a moment later (the answer is
 * computed from the data, never from the DOM; Accept shows every field before it focuses one).
 */
export const FIRST_FIELDS = 60;

/** A User Timing mark when every field of a long form is in the page (the e2e measures it). */
export const MARK_ALL_FIELDS = "presa:form-all-fields";

const idOf = (base: string, name: string, i: number): string => `${base}-f${i}-${name.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 40)}`;

/**
 * A form-mode elicitation answered exactly: every property is shown (required ones always, however
 * many), nothing starts with a value the schema did not give, an untouched optional field is left
 * out, and Accept is blocked, with a sentence per field, until every required one is set.
 */
export function ElicitationForm({ input }: { input: PendingInput }) {
  const { answer } = useAnswer(input);
  const form = useMemo(() => readSchema(input.params.requestedSchema), [input.params.requestedSchema]);
  const [values, setValues] = useState<FormValues>(form.initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [tried, setTried] = useState(false);
  const outcome = contentFrom(form, values, touched);
  const problems = Object.keys(outcome.problems);
  // After commit the fields are in the DOM and React's handlers take input: the bench's "form interactive".
  useLayoutEffect(markFormInteractive, []);
  const total = form.fields.length;
  const [shown, setShown] = useState(() => Math.min(total, FIRST_FIELDS));
  useEffect(() => {
    if (shown < total) {
      const t = setTimeout(() => setShown(total), 0);
      return () => clearTimeout(t);
    }
    if (total > FIRST_FIELDS && typeof performance !== "undefined" && typeof performance.mark === "function") performance.mark(MARK_ALL_FIELDS);
    return undefined;
  }, [shown, total]);

  const onChange = useCallback<OnChange>((name, value) => {
    setValues((v) => {
      const next = { ...v };
      if (value === undefined) delete next[name];
      else next[name] = value;
      return next;
    });
    setTouched((t) => (t.has(name) ? t : new Set(t).add(name)));
  }, []);

  const ids = useMemo(() => new Map(form.fields.map((f, i) => [f.name, idOf(input.id, f.name, i)])), [form, input.id]);
  const focus = (name: string) => {
    if (shown < total) flushSync(() => setShown(total));
    const el = document.getElementById(ids.get(name) ?? "");
    if (typeof el?.scrollIntoView === "function") el.scrollIntoView({ block: "center" });
    el?.focus();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problems.length > 0) {
      setTried(true);
      if (problems[0] !== undefined) focus(problems[0]);
      return;
    }
    answer(acceptResult(form, values, touched));
  };
  const required = form.fields.filter((f) => f.required).length;

  return (
    <div className="elicitation">
      <ServerText as="p" className="server-text" text={input.params.message} />
      {form.warnings.length > 0 && (
        <ul className="input-warnings" aria-label="Schema warnings">
          {form.warnings.map((w, i) => (
            <li key={i}>
              {w.field !== undefined && <code>{revealText(w.field)}</code>} <ServerText text={w.message} />
            </li>
          ))}
        </ul>
      )}
      <form className="exact-form input-form" noValidate onSubmit={submit} aria-label="Answer form">
        {form.fields.length > 10 && (
          <p className="form-count" data-testid="form-count">
            {form.fields.length} fields, {required} required{form.hidden > 0 ? `; ${form.hidden} optional ones not shown (see the warning above)` : ""}.
          </p>
        )}
        <div className="fields">
          {(shown < total ? form.fields.slice(0, shown) : form.fields).map((f) => (
            <FieldRow key={f.name} field={f} id={ids.get(f.name) ?? f.name} value={values[f.name]} error={tried ? outcome.problems[f.name] : undefined} onChange={onChange} />
          ))}
        </div>
        {shown < total && <p className="muted">Showing the other {total - shown} fields…</p>}
        {tried && problems.length > 0 && (
          <div className="problems" role="alert" data-testid="form-problems">
            {problems.length === 1 ? "One field needs attention before Accept: " : `${problems.length} fields need attention before Accept: `}
            {problems.slice(0, 8).map((name) => {
              const f = form.fields.find((x) => x.name === name);
              return (
                <button key={name} type="button" className="link" onClick={() => focus(name)}>
                  {f ? revealText(fieldName(f)) : name}
                </button>
              );
            })}
            {problems.length > 8 ? ` and ${problems.length - 8} more.` : ""}
          </div>
        )}
        <div className="actions">
          <button type="submit">Accept</button>
          <button type="button" onClick={() => answer({ action: "decline" })}>
            Decline
          </button>
          <button type="button" onClick={() => answer({ action: "cancel" })}>
            Cancel
          </button>
        </div>
      </form>
      <figure className="answer-preview">
        <figcaption>Preview of the answer{problems.length > 0 ? " (Accept is blocked until the fields above are set)" : ""}</figcaption>
        <pre aria-label="Preview of the answer">{JSON.stringify({ action: "accept", content: outcome.content }, null, 2)}</pre>
      </figure>
    </div>
  );
}
