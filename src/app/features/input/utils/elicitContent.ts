import type { ElicitResult } from "../../../../core";
import type { ElicitField, ElicitForm } from "./elicitSchema";
import { schemaMismatch } from "./schemaCheck";

export type ContentValue = NonNullable<ElicitResult["content"]>[string];

/**
 * The form's values as the user left them: text, enum and number fields as strings ("" or absent is
 * unset), booleans as true/false (absent is unset), multi-selects as string arrays, raw fields as
 * JSON text.
 */
export type FormValues = Record<string, unknown>;

export interface ContentOutcome {
  /** Exactly what the user entered plus the schema's defaults; untouched optional fields left out. */
  content: Record<string, ContentValue>;
  /** Plain sentences, by field name: why the answer cannot be sent yet. */
  problems: Record<string, string>;
}

/** The name a message uses for a field: its title, or its key. */
export function fieldName(f: ElicitField): string {
  return `“${f.title?.trim() || f.name}”`;
}

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;

function validDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

function formatProblem(f: ElicitField, v: string): string | undefined {
  const name = fieldName(f);
  switch (f.format) {
    case "email":
      return EMAIL.test(v) ? undefined : `${name} must be an email address, like name@example.com.`;
    case "uri":
      try {
        new URL(v);
        return /^[a-z][a-z0-9+.-]*:/i.test(v) ? undefined : `${name} must be a full URL, like https://example.com/page.`;
      } catch {
        return `${name} must be a full URL, like https://example.com/page.`;
      }
    case "date":
      return validDate(v) ? undefined : `${name} must be a date written as year-month-day, like 2026-12-31.`;
    case "date-time":
      return DATE_TIME.test(v) && validDate(v.slice(0, 10)) ? undefined : `${name} must be a date and time with a time zone, like 2026-12-31T09:30:00Z.`;
    default:
      return undefined;
  }
}

/** One field's value to send (undefined: left out) or the problem that blocks Accept. */
function read(f: ElicitField, v: unknown, touched: boolean): { value?: ContentValue; problem?: string } {
  const name = fieldName(f);
  const missing = (how: string): { problem?: string } => (f.required ? { problem: `${name} is required: ${how}.` } : {});
  switch (f.kind) {
    case "string": {
      if (typeof v !== "string" || v === "") return missing("type a value (an empty text is not sent)");
      const len = [...v].length;
      if (f.minLength !== undefined && len < f.minLength) return { problem: `${name} must be at least ${plural(f.minLength, "character")} long (it has ${len}).` };
      if (f.maxLength !== undefined && len > f.maxLength) return { problem: `${name} must be at most ${plural(f.maxLength, "character")} long (it has ${len}).` };
      const bad = formatProblem(f, v);
      return bad ? { problem: bad } : { value: v };
    }
    case "number":
    case "integer": {
      if (typeof v !== "string" || v.trim() === "") return missing("enter a number");
      const n = Number(v.trim());
      if (!Number.isFinite(n)) return { problem: `${name} must be a number, like 42 or 3.5.` };
      if (f.kind === "integer" && !Number.isInteger(n)) return { problem: `${name} must be a whole number.` };
      if (f.minimum !== undefined && n < f.minimum) return { problem: `${name} must be ${f.minimum} or more.` };
      if (f.maximum !== undefined && n > f.maximum) return { problem: `${name} must be ${f.maximum} or less.` };
      return { value: n };
    }
    case "boolean":
      return typeof v === "boolean" ? { value: v } : missing("choose Yes or No");
    case "enum":
    case "titledEnum":
    case "legacyEnum": {
      if (typeof v !== "string" || v === "") return missing("choose one of its options");
      return f.options?.some((o) => o.value === v) ? { value: v } : { problem: `${name} must be one of its options.` };
    }
    case "multiEnum":
    case "titledMultiEnum": {
      const list = Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && (f.options ?? []).some((o) => o.value === x)) : [];
      if (list.length === 0) {
        // An untouched multi-select is unset; a required one emptied on purpose is an answer of [].
        if (!f.required) return {};
        if (!touched && !Array.isArray(v)) return missing("tick the options to send");
      }
      if (f.minItems !== undefined && list.length < f.minItems) return { problem: `${name} needs at least ${plural(f.minItems, "option")} ticked (${list.length} now).` };
      if (f.maxItems !== undefined && list.length > f.maxItems) return { problem: `${name} allows at most ${plural(f.maxItems, "option")} ticked (${list.length} now).` };
      return { value: list };
    }
    case "raw": {
      if (typeof v !== "string" || v.trim() === "") return missing("enter a JSON value");
      let value: ContentValue;
      try {
        value = JSON.parse(v) as ContentValue;
      } catch {
        return { problem: `${name} is not valid JSON.` };
      }
      // Outside the subset the form has no controls to keep a value in shape: its own schema does.
      const mismatch = f.rawSchema === undefined ? undefined : schemaMismatch(f.rawSchema, value);
      return mismatch ? { problem: `${name} does not match its schema: ${mismatch}.` } : { value };
    }
  }
}

/**
 * The `content` an accepted form sends and what blocks it. `touched` names fields the user changed
 * (it only matters for a required multi-select left empty: emptied on purpose, or never answered).
 */
export function contentFrom(form: ElicitForm, values: FormValues | undefined, touched: ReadonlySet<string> = new Set()): ContentOutcome {
  const content: [string, ContentValue][] = [];
  const problems: [string, string][] = [];
  const d = values ?? {};
  for (const f of form.fields) {
    const r = read(f, has(d, f.name) ? d[f.name] : undefined, touched.has(f.name));
    if (r.problem !== undefined) problems.push([f.name, r.problem]);
    else if (r.value !== undefined) content.push([f.name, r.value]);
  }
  return { content: Object.fromEntries(content), problems: Object.fromEntries(problems) };
}

/** The exact result an Accept sends, for the live preview. */
export function acceptResult(form: ElicitForm, values: FormValues | undefined, touched?: ReadonlySet<string>): ElicitResult {
  return { action: "accept", content: contentFrom(form, values, touched).content };
}
