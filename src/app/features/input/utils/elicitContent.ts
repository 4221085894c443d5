import type { ElicitResult } from "../../../../core/protocol/types";
import type { ElicitForm } from "./elicitSchema";

export type ContentValue = NonNullable<ElicitResult["content"]>[string];

export interface ContentOutcome {
  content: Record<string, ContentValue>;
  /** Raw JSON fields that do not parse, by field name. */
  problems: Record<string, string>;
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === "string" && v === "") || (typeof v === "number" && !Number.isFinite(v));
}

/**
 * The `content` an accepted form sends: every filled field, defaults included (SEP-1034), empty
 * optional fields left out. Raw JSON fields are parsed; one that does not parse is a problem.
 */
export function contentFrom(form: ElicitForm, data: Record<string, unknown> | undefined): ContentOutcome {
  const entries: [string, ContentValue][] = [];
  const problems: [string, string][] = [];
  const d = data ?? {};
  for (const field of form.fields) {
    const v = Object.prototype.hasOwnProperty.call(d, field.name) ? d[field.name] : undefined;
    if (field.kind === "raw") {
      if (typeof v !== "string" || v.trim() === "") continue;
      try {
        entries.push([field.name, JSON.parse(v) as ContentValue]);
      } catch {
        problems.push([field.name, "is not valid JSON"]);
      }
      continue;
    }
    if (isEmpty(v)) continue;
    if (Array.isArray(v)) {
      const list = v.filter((x): x is string => typeof x === "string");
      if (list.length === 0 && !field.required) continue;
      entries.push([field.name, list]);
      continue;
    }
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") entries.push([field.name, v]);
  }
  return { content: Object.fromEntries(entries), problems: Object.fromEntries(problems) };
}

/** The exact result an Accept sends, for the live preview. */
export function acceptResult(form: ElicitForm, data: Record<string, unknown> | undefined): ElicitResult {
  return { action: "accept", content: contentFrom(form, data).content };
}
