/**
 * A form elicitation's fields for a terminal: what to ask for each property of the requested schema
 * (the flat subset the spec allows: strings with formats, numbers, integers, booleans, single and
 * multiple choice) and how a typed line becomes a value, checked against the schema. Pure.
 */
import { isObject } from "../core";

export interface Choice {
  value: string;
  title: string;
}

export interface Field {
  name: string;
  title: string;
  description: string | undefined;
  type: "string" | "number" | "integer" | "boolean" | "choice" | "choices";
  required: boolean;
  choices: Choice[];
  default: unknown;
  schema: Record<string, unknown>;
}

export type Parsed = { ok: true; value: unknown; omit?: boolean } | { ok: false; error: string };

function choicesOf(s: Record<string, unknown>): Choice[] {
  const titles = Array.isArray(s.enumNames) ? s.enumNames : [];
  if (Array.isArray(s.enum)) return s.enum.map((v, i) => ({ value: String(v), title: typeof titles[i] === "string" ? titles[i] : String(v) }));
  const list = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : [];
  return list.filter((o): o is Record<string, unknown> => isObject(o) && o.const !== undefined).map((o) => ({ value: String(o.const), title: typeof o.title === "string" ? o.title : String(o.const) }));
}

/** The fields of a requested schema, in its order; a property the subset does not allow is asked as text. */
export function fieldsOf(schema: unknown): Field[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : [];
  return Object.entries(schema.properties).map(([name, raw]) => {
    const s = isObject(raw) ? raw : {};
    const choices = choicesOf(s);
    const items = isObject(s.items) ? s.items : undefined;
    let type: Field["type"] = "string";
    if (s.type === "array" && items) type = "choices";
    else if (choices.length > 0) type = "choice";
    else if (s.type === "number" || s.type === "integer" || s.type === "boolean") type = s.type;
    return {
      name,
      title: typeof s.title === "string" ? s.title : name,
      description: typeof s.description === "string" ? s.description : undefined,
      type,
      required: required.includes(name),
      choices: type === "choices" && items ? choicesOf(items) : choices,
      default: s.default,
      schema: s,
    };
  });
}

/** What the prompt says about a field's kind and limits, e.g. "integer, 1 to 10" or "email". */
export function hintOf(f: Field): string {
  const s = f.schema;
  const parts: string[] = [];
  if (f.type === "string") {
    parts.push(typeof s.format === "string" ? s.format : "text");
    if (typeof s.minLength === "number" || typeof s.maxLength === "number") parts.push(`${s.minLength ?? 0} to ${s.maxLength ?? "any"} characters`);
  } else if (f.type === "number" || f.type === "integer") {
    parts.push(f.type);
    if (typeof s.minimum === "number" || typeof s.maximum === "number") parts.push(`${s.minimum ?? "-∞"} to ${s.maximum ?? "∞"}`);
  } else if (f.type === "boolean") parts.push("y/n");
  else if (f.type === "choice") parts.push("one of the numbers above");
  else {
    parts.push("numbers above, comma-separated");
    if (typeof s.minItems === "number" || typeof s.maxItems === "number") parts.push(`${s.minItems ?? 0} to ${s.maxItems ?? "any"} picks`);
  }
  if (!f.required) parts.push("optional: Enter skips");
  if (f.default !== undefined) parts.push(`default ${JSON.stringify(f.default)}`);
  return parts.join(", ");
}

const FORMATS: Record<string, [RegExp, string]> = {
  email: [/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "an email address"],
  uri: [/^[a-zA-Z][a-zA-Z0-9+.-]*:\S*$/, "a URI (scheme:...)"],
  date: [/^\d{4}-\d{2}-\d{2}$/, "a date YYYY-MM-DD"],
  "date-time": [/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/, "a date-time like 2026-07-28T12:00:00Z"],
};

function pick(f: Field, token: string): Choice | undefined {
  const n = Number(token);
  if (/^\d+$/.test(token) && n >= 1 && n <= f.choices.length) return f.choices[n - 1];
  return f.choices.find((c) => c.value === token);
}

/** A typed line as the field's value, or a sentence naming the field and what is wrong. */
export function parseField(f: Field, line: string): Parsed {
  const text = line.trim();
  const s = f.schema;
  if (text === "") {
    if (f.default !== undefined) return { ok: true, value: f.default };
    if (!f.required) return { ok: true, value: undefined, omit: true };
    return { ok: false, error: `${f.title} is required` };
  }
  switch (f.type) {
    case "boolean": {
      if (/^(y|yes|true)$/i.test(text)) return { ok: true, value: true };
      if (/^(n|no|false)$/i.test(text)) return { ok: true, value: false };
      return { ok: false, error: `${f.title}: answer y or n` };
    }
    case "number":
    case "integer": {
      const n = Number(text);
      if (!Number.isFinite(n)) return { ok: false, error: `${f.title}: ${JSON.stringify(text)} is not a number` };
      if (f.type === "integer" && !Number.isInteger(n)) return { ok: false, error: `${f.title}: must be a whole number` };
      if (typeof s.minimum === "number" && n < s.minimum) return { ok: false, error: `${f.title}: must be at least ${s.minimum}` };
      if (typeof s.maximum === "number" && n > s.maximum) return { ok: false, error: `${f.title}: must be at most ${s.maximum}` };
      return { ok: true, value: n };
    }
    case "choice": {
      const c = pick(f, text);
      return c ? { ok: true, value: c.value } : { ok: false, error: `${f.title}: pick a number from 1 to ${f.choices.length}` };
    }
    case "choices": {
      const tokens = text.split(",").map((t) => t.trim()).filter(Boolean);
      const picked: string[] = [];
      for (const t of tokens) {
        const c = pick(f, t);
        if (!c) return { ok: false, error: `${f.title}: ${JSON.stringify(t)} is not one of the choices (1 to ${f.choices.length})` };
        if (!picked.includes(c.value)) picked.push(c.value);
      }
      if (typeof s.minItems === "number" && picked.length < s.minItems) return { ok: false, error: `${f.title}: pick at least ${s.minItems}` };
      if (typeof s.maxItems === "number" && picked.length > s.maxItems) return { ok: false, error: `${f.title}: pick at most ${s.maxItems}` };
      return { ok: true, value: picked };
    }
    default: {
      if (typeof s.minLength === "number" && text.length < s.minLength) return { ok: false, error: `${f.title}: at least ${s.minLength} characters` };
      if (typeof s.maxLength === "number" && text.length > s.maxLength) return { ok: false, error: `${f.title}: at most ${s.maxLength} characters` };
      const format = typeof s.format === "string" ? FORMATS[s.format] : undefined;
      if (format && !format[0].test(text)) return { ok: false, error: `${f.title}: must be ${format[1]}` };
      return { ok: true, value: text };
    }
  }
}
