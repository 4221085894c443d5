import { useEffect, useState } from "react";
import type { JsonObject } from "../../../../core/protocol/types";

export interface ArgumentsFormProps {
  schema: JsonObject;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  onSubmit: (value: Record<string, unknown>) => void;
  submitLabel: string;
  disabled?: boolean;
}

/** A raw JSON editor for arguments: the fallback for any schema. */
export function JsonArgumentsEditor({ value, onChange, onSubmit, submitLabel, disabled }: ArgumentsFormProps) {
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [problem, setProblem] = useState<string | undefined>();
  useEffect(() => setText(JSON.stringify(value, null, 2)), [value]);
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
