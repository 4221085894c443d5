/**
 * Reads an MCP `requestedSchema` (spec "Elicitation", form mode: a flat object of primitives) into a
 * list of fields for the exact-answer form. The schema comes from the server, so it is treated as
 * hostile: only the subset's keywords are read, text is capped, nothing is thrown, and a property
 * outside the subset becomes a raw JSON field with a warning instead of breaking the form. Nothing
 * gets a starting value the schema did not give it: only valid `default`s are in `initial`.
 */

/**
 * Caps on what a server may make us render. Past `properties`, optional properties are left out
 * with a warning that says how many; required ones are always shown, however many.
 */
export const LIMITS = { properties: 2000, options: 1000, text: 2000, rawDepth: 8 } as const;

export const OUTSIDE_SUBSET = "not in the MCP elicitation subset";

export type FieldKind = "string" | "number" | "integer" | "boolean" | "enum" | "titledEnum" | "legacyEnum" | "multiEnum" | "titledMultiEnum" | "raw";

export type StringFormat = "email" | "uri" | "date" | "date-time";

export interface FieldOption {
  value: string;
  label: string;
}

export interface ElicitField {
  name: string;
  kind: FieldKind;
  required: boolean;
  title?: string;
  description?: string;
  format?: StringFormat;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  options?: FieldOption[];
  /** For a raw field: the property's own schema, which a typed value is checked against before Accept. */
  rawSchema?: unknown;
  /** For a raw field: why it is raw. */
  rawReason?: string;
}

export interface ElicitWarning {
  field?: string;
  message: string;
}

export interface ElicitForm {
  fields: ElicitField[];
  /**
   * The form's starting values: only the schema's valid defaults (SEP-1034: defaults are sent unless
   * changed). Strings for text, enum and number fields (numbers as typed), booleans, string arrays,
   * and JSON text for raw fields.
   */
  initial: Record<string, unknown>;
  warnings: ElicitWarning[];
  /** Properties left out for safety (never required ones); 0 when everything is shown. */
  hidden: number;
}

const STRING_FORMATS = new Set<string>(["email", "uri", "date", "date-time"]);
const KNOWN = new Set(["type", "title", "description", "default", "minLength", "maxLength", "format", "minimum", "maximum", "enum", "enumNames", "oneOf", "anyOf", "items", "minItems", "maxItems"]);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === "string" ? v.slice(0, LIMITS.text) : undefined);
const count = (v: unknown): number | undefined => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : undefined);
const finite = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** How deep a value nests, stopping once past `limit`. */
export function depthOf(value: unknown, limit: number = LIMITS.rawDepth): number {
  if (typeof value !== "object" || value === null) return 0;
  if (limit <= 0) return 1;
  let max = 0;
  for (const v of Object.values(value)) max = Math.max(max, depthOf(v, limit - 1));
  return max + 1;
}

/** `{const, title}` options, or undefined when any entry is not a string const. */
function titledOptions(list: unknown): FieldOption[] | undefined {
  if (!Array.isArray(list) || list.length === 0 || list.length > LIMITS.options) return undefined;
  const out: FieldOption[] = [];
  for (const o of list) {
    if (!isObj(o) || typeof o.const !== "string") return undefined;
    out.push({ value: o.const, label: text(o.title) ?? o.const });
  }
  return out;
}

function stringOptions(list: unknown): string[] | undefined {
  if (!Array.isArray(list) || list.length === 0 || list.length > LIMITS.options) return undefined;
  return list.every((v) => typeof v === "string") ? (list as string[]) : undefined;
}

interface Converted {
  field: Omit<ElicitField, "name" | "required" | "title" | "description">;
  default?: unknown;
  notes: string[];
}

function raw(p: unknown, why: string): Converted {
  const d = isObj(p) && "default" in p && depthOf(p.default) <= LIMITS.rawDepth ? JSON.stringify(p.default) : undefined;
  const schema = isObj(p) && depthOf(p) <= LIMITS.rawDepth ? p : undefined;
  return { field: { kind: "raw", rawReason: why, ...(schema ? { rawSchema: schema } : {}) }, default: d, notes: [`${why}: ${OUTSIDE_SUBSET}, shown as a raw JSON field checked against its own schema`] };
}

function convertString(p: Obj, notes: string[]): Converted {
  const def = typeof p.default === "string" ? p.default : undefined;
  const choose = (kind: FieldKind, options: FieldOption[]): Converted => ({
    field: { kind, options },
    default: def !== undefined && options.some((o) => o.value === def) ? def : undefined,
    notes,
  });
  if (p.enum !== undefined) {
    const values = stringOptions(p.enum);
    if (!values) return raw(p, "an enum with non-string or too many values");
    const names = Array.isArray(p.enumNames) ? p.enumNames : undefined;
    if (names) return choose("legacyEnum", values.map((v, i) => ({ value: v, label: text(names[i]) ?? v })));
    return choose("enum", values.map((v) => ({ value: v, label: v })));
  }
  if (p.oneOf !== undefined || p.anyOf !== undefined) {
    const options = titledOptions(p.oneOf ?? p.anyOf);
    if (!options) return raw(p, "a oneOf that is not a list of string const/title");
    return choose("titledEnum", options);
  }
  let format = text(p.format);
  if (format !== undefined && !STRING_FORMATS.has(format)) {
    notes.push(`format "${format}" is ${OUTSIDE_SUBSET}; treated as plain text`);
    format = undefined;
  }
  const field = { kind: "string" as const, minLength: count(p.minLength), maxLength: count(p.maxLength), format: format as StringFormat | undefined };
  return { field, default: def, notes };
}

function convertArray(p: Obj, notes: string[]): Converted {
  const items = p.items;
  if (!isObj(items)) return raw(p, "an array without item choices");
  const values = stringOptions(items.enum);
  const titled = values ? undefined : titledOptions(items.anyOf ?? items.oneOf);
  if (!values && !titled) return raw(p, "an array whose items are not string choices");
  const options = titled ?? values!.map((v) => ({ value: v, label: v }));
  const def = Array.isArray(p.default) && p.default.every((v) => typeof v === "string" && options.some((o) => o.value === v)) ? [...new Set(p.default as string[])] : undefined;
  return { field: { kind: values ? "multiEnum" : "titledMultiEnum", options, minItems: count(p.minItems), maxItems: count(p.maxItems) }, default: def, notes };
}

function convertProperty(p: unknown): Converted {
  if (!isObj(p)) return raw(p, "a property that is not a schema object");
  if ("$ref" in p) return raw(p, "a $ref");
  const notes: string[] = [];
  const extra = Object.keys(p).filter((k) => !KNOWN.has(k));
  if (extra.length > 0) notes.push(`ignored keywords ${extra.slice(0, 5).join(", ")}${extra.length > 5 ? "…" : ""} (${OUTSIDE_SUBSET})`);
  switch (p.type) {
    case "string":
      return convertString(p, notes);
    case "number":
    case "integer": {
      const d = finite(p.default);
      const def = d !== undefined && (p.type === "number" || Number.isInteger(d)) ? String(d) : undefined;
      return { field: { kind: p.type, minimum: finite(p.minimum), maximum: finite(p.maximum) }, default: def, notes };
    }
    case "boolean":
      return { field: { kind: "boolean" }, default: typeof p.default === "boolean" ? p.default : undefined, notes };
    case "array":
      return convertArray(p, notes);
    case "object":
      return raw(p, "a nested object");
    default:
      return raw(p, `type ${JSON.stringify(p.type ?? null).slice(0, 40)}`);
  }
}

/** Never throws: a schema it cannot read at all becomes an empty form with a warning. */
export function readSchema(requested: unknown): ElicitForm {
  const empty = (message: string): ElicitForm => ({ fields: [], initial: {}, warnings: [{ message }], hidden: 0 });
  try {
    if (!isObj(requested)) return empty(`requestedSchema is not an object (${OUTSIDE_SUBSET})`);
    const warnings: ElicitWarning[] = [];
    if (requested.type !== "object") warnings.push({ message: `requestedSchema.type is not "object"` });
    const props = requested.properties === undefined ? {} : requested.properties;
    if (!isObj(props)) return empty(`requestedSchema.properties is not an object (${OUTSIDE_SUBSET})`);
    const requiredSet = new Set(Array.isArray(requested.required) ? requested.required.filter((r): r is string => typeof r === "string") : []);
    let names = Object.keys(props);
    let hidden = 0;
    if (names.length > LIMITS.properties) {
      // Required properties always stay; optional ones fill what is left of the cap, in order.
      let room = Math.max(0, LIMITS.properties - names.filter((n) => requiredSet.has(n)).length);
      const kept = names.filter((n) => requiredSet.has(n) || room-- > 0);
      hidden = names.length - kept.length;
      warnings.push({ message: `${hidden} of ${names.length} optional properties are not shown (a safety cap of ${LIMITS.properties}); they are left out of the answer. Every required property is shown.` });
      names = kept;
    }
    for (const r of requiredSet) if (!Object.prototype.hasOwnProperty.call(props, r)) warnings.push({ field: r, message: "is listed as required but has no property in the schema" });
    const fields: ElicitField[] = [];
    const initial: [string, unknown][] = [];
    for (const name of names) {
      if (name === "__proto__") {
        warnings.push({ field: name, message: "property name __proto__ is skipped" });
        continue;
      }
      const p = props[name];
      const c = convertProperty(p);
      for (const message of c.notes) warnings.push({ field: name, message });
      const title = isObj(p) ? text(p.title) : undefined;
      const description = isObj(p) ? text(p.description) : undefined;
      for (const k of ["title", "description"] as const)
        if (isObj(p) && typeof p[k] === "string" && (p[k] as string).length > LIMITS.text) warnings.push({ field: name, message: `${k} cut to its first ${LIMITS.text} of ${(p[k] as string).length} characters` });
      const all: Obj = { name, required: requiredSet.has(name), title, description, ...c.field };
      const field = Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as unknown as ElicitField;
      fields.push(field);
      if (c.default !== undefined) initial.push([name, c.default]);
    }
    return { fields, initial: Object.fromEntries(initial), warnings, hidden };
  } catch (e) {
    return empty(`requestedSchema could not be read: ${e instanceof Error ? e.message : String(e)}`);
  }
}
