import type { RJSFSchema, UiSchema } from "@rjsf/utils";

/**
 * Turns an MCP `requestedSchema` (spec "Elicitation", form mode: a flat object of primitives) into an
 * rjsf schema and uiSchema. The schema comes from the server, so it is treated as hostile: only the
 * subset's keywords are copied, sizes are capped, and nothing is thrown; a property outside the
 * subset becomes a raw JSON field with a warning instead of breaking the form.
 */

/** Caps on what a server may make us render. */
export const LIMITS = { properties: 100, options: 200, text: 2000, rawDepth: 8 } as const;

export const OUTSIDE_SUBSET = "not in the MCP elicitation subset";

export type FieldKind =
  | "string"
  | "number"
  | "integer"
  | "boolean"
  | "enum"
  | "titledEnum"
  | "legacyEnum"
  | "multiEnum"
  | "titledMultiEnum"
  | "raw";

export interface ElicitField {
  name: string;
  kind: FieldKind;
  required: boolean;
}

export interface ElicitWarning {
  field?: string;
  message: string;
}

export interface ElicitForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  fields: ElicitField[];
  /** Form data to start from: every valid default, so untouched defaults are sent (SEP-1034). */
  initial: Record<string, unknown>;
  warnings: ElicitWarning[];
}

const STRING_FORMATS = new Set(["email", "uri", "date", "date-time"]);
const KNOWN = new Set(["type", "title", "description", "default", "minLength", "maxLength", "format", "minimum", "maximum", "enum", "enumNames", "oneOf", "items", "minItems", "maxItems"]);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === "string" ? v.slice(0, LIMITS.text) : undefined);
const count = (v: unknown): number | undefined => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : undefined);
const finite = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** Copies only defined entries, so the rjsf schema has no `undefined` keys. */
function pick(entries: Record<string, unknown>): Obj {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));
}

/** How deep a value nests, stopping once past `limit`. */
export function depthOf(value: unknown, limit: number = LIMITS.rawDepth): number {
  if (typeof value !== "object" || value === null) return 0;
  if (limit <= 0) return 1;
  let max = 0;
  for (const v of Object.values(value)) max = Math.max(max, depthOf(v, limit - 1));
  return max + 1;
}

/** `{const, title}` options, or undefined when any entry is not a string const. */
function titledOptions(list: unknown): { const: string; title: string }[] | undefined {
  if (!Array.isArray(list) || list.length === 0 || list.length > LIMITS.options) return undefined;
  const out: { const: string; title: string }[] = [];
  for (const o of list) {
    if (!isObj(o) || typeof o.const !== "string") return undefined;
    out.push({ const: o.const, title: text(o.title) ?? o.const });
  }
  return out;
}

function stringOptions(list: unknown): string[] | undefined {
  if (!Array.isArray(list) || list.length === 0 || list.length > LIMITS.options) return undefined;
  return list.every((v) => typeof v === "string") ? (list as string[]) : undefined;
}

interface Converted {
  kind: FieldKind;
  schema: Obj;
  ui?: Obj;
  default?: unknown;
  notes: string[];
}

function raw(p: unknown, why: string): Converted {
  const base = isObj(p) ? p : {};
  const d = isObj(p) && "default" in p && depthOf(p.default) <= LIMITS.rawDepth ? JSON.stringify(p.default) : undefined;
  return {
    kind: "raw",
    schema: pick({ type: "string", title: text(base.title), description: text(base.description) }),
    ui: { "ui:widget": "textarea", "ui:options": { rows: 3 }, "ui:help": `Raw JSON: ${why}, ${OUTSIDE_SUBSET}` },
    default: d,
    notes: [`${why}: ${OUTSIDE_SUBSET}, shown as a raw JSON field`],
  };
}

function convertString(p: Obj, common: Obj, notes: string[]): Converted {
  const def = typeof p.default === "string" ? p.default : undefined;
  if (p.enum !== undefined) {
    const values = stringOptions(p.enum);
    if (!values) return raw(p, "enum with non-string or too many values");
    const names = Array.isArray(p.enumNames) ? p.enumNames : undefined;
    const ok = def !== undefined && values.includes(def) ? def : undefined;
    if (names) {
      const oneOf = values.map((v, i) => ({ const: v, title: text(names[i]) ?? v }));
      return { kind: "legacyEnum", schema: { ...common, type: "string", oneOf }, default: ok, notes };
    }
    return { kind: "enum", schema: { ...common, type: "string", enum: values }, default: ok, notes };
  }
  if (p.oneOf !== undefined) {
    const oneOf = titledOptions(p.oneOf);
    if (!oneOf) return raw(p, "oneOf that is not a list of string const/title");
    const ok = def !== undefined && oneOf.some((o) => o.const === def) ? def : undefined;
    return { kind: "titledEnum", schema: { ...common, type: "string", oneOf }, default: ok, notes };
  }
  let format = text(p.format);
  if (format !== undefined && !STRING_FORMATS.has(format)) {
    notes.push(`format "${format}" is ${OUTSIDE_SUBSET}; treated as plain text`);
    format = undefined;
  }
  const schema = pick({ ...common, type: "string", minLength: count(p.minLength), maxLength: count(p.maxLength), format });
  return { kind: "string", schema, default: def, notes };
}

function convertArray(p: Obj, common: Obj, notes: string[]): Converted {
  const items = p.items;
  if (!isObj(items)) return raw(p, "array without item choices");
  const values = stringOptions(items.enum);
  const titled = values ? undefined : titledOptions(items.anyOf ?? items.oneOf);
  if (!values && !titled) return raw(p, "array whose items are not string choices");
  const allowed = values ?? titled!.map((o) => o.const);
  const def = Array.isArray(p.default) && p.default.every((v) => typeof v === "string" && allowed.includes(v)) ? (p.default as string[]) : undefined;
  const itemSchema = values ? { type: "string", enum: values } : { type: "string", anyOf: titled };
  const schema = pick({ ...common, type: "array", uniqueItems: true, minItems: count(p.minItems), maxItems: count(p.maxItems), items: itemSchema });
  return { kind: values ? "multiEnum" : "titledMultiEnum", schema, ui: { "ui:widget": "checkboxes" }, default: def, notes };
}

function convertProperty(p: unknown): Converted {
  if (!isObj(p)) return raw(p, "a property that is not a schema object");
  if ("$ref" in p) return raw(p, "$ref");
  const notes: string[] = [];
  const extra = Object.keys(p).filter((k) => !KNOWN.has(k));
  if (extra.length > 0) notes.push(`ignored keywords ${extra.slice(0, 5).join(", ")}${extra.length > 5 ? "…" : ""} (${OUTSIDE_SUBSET})`);
  const common = pick({ title: text(p.title), description: text(p.description) });
  switch (p.type) {
    case "string":
      return convertString(p, common, notes);
    case "number":
    case "integer": {
      const d = finite(p.default);
      const def = d !== undefined && (p.type === "number" || Number.isInteger(d)) ? d : undefined;
      return { kind: p.type, schema: pick({ ...common, type: p.type, minimum: finite(p.minimum), maximum: finite(p.maximum) }), default: def, notes };
    }
    case "boolean":
      return { kind: "boolean", schema: { ...common, type: "boolean" }, default: typeof p.default === "boolean" ? p.default : undefined, notes };
    case "array":
      return convertArray(p, common, notes);
    case "object":
      return raw(p, "nested object");
    default:
      return raw(p, `type ${JSON.stringify(p.type ?? null).slice(0, 40)}`);
  }
}

/** Never throws: a schema it cannot read at all becomes an empty form with a warning. */
export function toRjsfForm(requested: unknown): ElicitForm {
  const warnings: ElicitWarning[] = [];
  const empty = (message: string): ElicitForm => ({ schema: { type: "object", properties: {} }, uiSchema: {}, fields: [], initial: {}, warnings: [{ message }] });
  try {
    if (!isObj(requested)) return empty(`requestedSchema is not an object (${OUTSIDE_SUBSET})`);
    if (requested.type !== "object") warnings.push({ message: `requestedSchema.type is not "object"` });
    const props = requested.properties === undefined ? {} : requested.properties;
    if (!isObj(props)) return empty(`requestedSchema.properties is not an object (${OUTSIDE_SUBSET})`);
    let names = Object.keys(props);
    if (names.length > LIMITS.properties) {
      warnings.push({ message: `only the first ${LIMITS.properties} of ${names.length} properties are shown` });
      names = names.slice(0, LIMITS.properties);
    }
    const requiredList = Array.isArray(requested.required) ? requested.required.filter((r): r is string => typeof r === "string") : [];
    const properties: [string, Obj][] = [];
    const ui: [string, Obj][] = [];
    const initial: [string, unknown][] = [];
    const fields: ElicitField[] = [];
    for (const name of names) {
      if (name === "__proto__") {
        warnings.push({ field: name, message: "property name __proto__ is skipped" });
        continue;
      }
      const c = convertProperty(props[name]);
      for (const message of c.notes) warnings.push({ field: name, message });
      properties.push([name, c.schema]);
      if (c.ui) ui.push([name, c.ui]);
      if (c.default !== undefined) initial.push([name, c.default]);
      fields.push({ name, kind: c.kind, required: requiredList.includes(name) });
    }
    const required = fields.filter((f) => f.required).map((f) => f.name);
    const schema: RJSFSchema = { type: "object", properties: Object.fromEntries(properties) as RJSFSchema["properties"], ...(required.length > 0 ? { required } : {}) };
    return { schema, uiSchema: Object.fromEntries(ui) as UiSchema, fields, initial: Object.fromEntries(initial), warnings };
  } catch (e) {
    return empty(`requestedSchema could not be read: ${e instanceof Error ? e.message : String(e)}`);
  }
}
