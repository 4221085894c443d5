import { isObject } from "../index";

/** One place two JSON values differ: its path (`content[0].text`) and the value on each side. */
export interface FieldDifference {
  path: string;
  /** Absent on a side where the field does not exist. */
  before?: unknown;
  after?: unknown;
  /** True when the path is a protocol envelope field (see ENVELOPE_FIELDS), not the server's content. */
  envelope: boolean;
}

/**
 * Top-level result fields the protocol itself adds or that differ by revision, not by what the server
 * answered: 2026-07-28 requires `resultType` where earlier revisions have none (a missing one means
 * "complete"), and `_meta` carries per-run metadata. A replay across revisions differs in these alone.
 */
export const ENVELOPE_FIELDS: readonly string[] = ["resultType", "_meta"];

/** The most differences listed for one pair of values; the rest are counted, not listed. */
export const MAX_FIELD_DIFFERENCES = 20;

const key = (path: string, k: string): string => (/^[A-Za-z_$][\w$]*$/.test(k) ? (path ? `${path}.${k}` : k) : `${path}[${JSON.stringify(k)}]`);

function walk(before: unknown, after: unknown, path: string, out: FieldDifference[], top: string | undefined): void {
  const envelope = top !== undefined && ENVELOPE_FIELDS.includes(top);
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      const p = `${path}[${i}]`;
      if (i >= before.length) out.push({ path: p, after: after[i], envelope });
      else if (i >= after.length) out.push({ path: p, before: before[i], envelope });
      else walk(before[i], after[i], p, out, top);
    }
    return;
  }
  if (isObject(before) && isObject(after) && !Array.isArray(before) && !Array.isArray(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    for (const k of keys) {
      const p = key(path, k);
      const t = top ?? k;
      const env = ENVELOPE_FIELDS.includes(t);
      if (!(k in before)) out.push({ path: p, after: after[k], envelope: env });
      else if (!(k in after)) out.push({ path: p, before: before[k], envelope: env });
      else walk(before[k], after[k], p, out, t);
    }
    return;
  }
  if (JSON.stringify(before) !== JSON.stringify(after)) out.push({ path: path || "(the whole value)", before, after, envelope });
}

/** Every path where two JSON values differ, in document order; object key order is not a difference. */
export function fieldDifferences(before: unknown, after: unknown): FieldDifference[] {
  const out: FieldDifference[] = [];
  walk(before, after, "", out, undefined);
  return out;
}

/** A value in a difference, short: JSON cut at `max` characters, or "(absent)". */
export function shownValue(d: FieldDifference, side: "before" | "after", max = 80): string {
  if (!(side in d)) return "(absent)";
  const s = JSON.stringify(d[side]) ?? "undefined";
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** One sentence per difference: `resultType: (absent) → "complete"`. */
export function differenceWords(d: FieldDifference): string {
  return `${d.path}: ${shownValue(d, "before")} → ${shownValue(d, "after")}`;
}
