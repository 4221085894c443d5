import { Component, createElement as h, type ReactNode } from "react";
import { getTemplate, getUiOptions, type FieldTemplateProps, type RJSFSchema } from "@rjsf/utils";
import type { SchemaDraft } from "@cfworker/json-schema";
import { draftFor, InterpretingValidator } from "./schemaValidator";

/**
 * The forms engine's shared pieces. Only lazily loaded components import this module, so rjsf and
 * the validator stay out of the first-view bundle.
 */

const validators = new Map<SchemaDraft, InterpretingValidator>();

/**
 * The validator for a declared `$schema` (see PreparedSchema.dialect): draft-04, draft-06/07, 2019-09,
 * or 2020-12, which is also what a schema without `$schema` is (MCP's JSON Schema rule). It interprets
 * the schema (no eval, see schemaValidator.ts) and has no loader: only refs inside the schema resolve.
 */
export function validatorFor(dialect: string | undefined): InterpretingValidator {
  const draft = draftFor(dialect);
  let v = validators.get(draft);
  if (!v) {
    v = new InterpretingValidator(draft);
    validators.set(draft, v);
  }
  return v;
}

/** Caps on a tool schema before it reaches rjsf: past these the JSON editor is the safer view. */
export const SCHEMA_LIMITS = { depth: 32, nodes: 5000 } as const;

export interface PreparedSchema {
  /** undefined when the schema is too big or not an object: use the JSON editor. */
  schema: RJSFSchema | undefined;
  /** The `$schema` the server declared, kept out of `schema` (it picks the draft; no meta-schema is looked up). */
  dialect: string | undefined;
  notes: string[];
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A tool's `inputSchema` made safe for rjsf: `$schema` and `$id` removed, and any `$ref` that does not
 * point inside the schema (`#…`) replaced by an open schema, so nothing is ever fetched or resolved
 * remotely. rjsf itself resolves only local refs; the validator has no loader, so it cannot fetch either.
 */
export function prepareToolSchema(input: unknown): PreparedSchema {
  const notes: string[] = [];
  if (!isObj(input)) return { schema: undefined, dialect: undefined, notes: ["the input schema is not an object"] };
  let nodes = 0;
  let tooDeep = false;
  const external = new Set<string>();
  const walk = (v: unknown, depth: number): unknown => {
    if (++nodes > SCHEMA_LIMITS.nodes) return undefined;
    if (depth > SCHEMA_LIMITS.depth) {
      tooDeep = true;
      return {};
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    if (!isObj(v)) return v;
    const local = typeof v.$ref === "string" && v.$ref.startsWith("#");
    if ((v.$ref !== undefined && !local) || v.$dynamicRef !== undefined || v.$recursiveRef !== undefined) {
      external.add(String(v.$ref ?? v.$dynamicRef ?? v.$recursiveRef).slice(0, 200));
      return typeof v.description === "string" ? { description: v.description } : {};
    }
    const entries: [string, unknown][] = [];
    for (const [k, x] of Object.entries(v)) if (k !== "$schema" && k !== "$id" && k !== "__proto__") entries.push([k, walk(x, depth + 1)]);
    return Object.fromEntries(entries);
  };
  const out = walk(input, 0) as RJSFSchema;
  if (nodes > SCHEMA_LIMITS.nodes) return { schema: undefined, dialect: undefined, notes: [`the input schema has more than ${SCHEMA_LIMITS.nodes} parts`] };
  if (tooDeep) notes.push(`parts nested deeper than ${SCHEMA_LIMITS.depth} levels are accepted as any value`);
  for (const r of external) notes.push(`reference ${r} is not followed (only local #… refs are); that part accepts any value`);
  const dialect = typeof input.$schema === "string" ? input.$schema : undefined;
  return { schema: out, dialect, notes };
}

/**
 * rjsf's field template with an accessible label: the required star sits outside the <label> and is
 * hidden from assistive tech (the input carries `required`), so a field's name is exactly its title;
 * a checkbox group is a labelled `role="group"` rather than a <label> pointing at a div.
 */
export function FieldTemplate(props: FieldTemplateProps): ReactNode {
  const { id, label, children, errors, help, description, hidden, required, displayLabel, registry, uiSchema } = props;
  const uiOptions = getUiOptions(uiSchema);
  if (hidden) return h("div", { className: "hidden" }, children);
  const Wrap = getTemplate("WrapIfAdditionalTemplate", registry, uiOptions);
  const star = required ? h("span", { className: "required", "aria-hidden": true }, "*") : null;
  const show = displayLabel && uiOptions.widget !== "checkbox" && Boolean(label);
  if (uiOptions.widget === "checkboxes") {
    const labelId = `${id}__label`;
    const title = show ? h("span", { className: "control-label", id: labelId }, label, star) : null;
    const group = h("div", { role: "group", "aria-labelledby": show ? labelId : undefined }, children);
    return h(Wrap, props, title, displayLabel && description ? description : null, group, errors, help);
  }
  const title = show ? h("div", { className: "label-row" }, h("label", { className: "control-label", htmlFor: id }, label), star) : null;
  return h(Wrap, props, title, displayLabel && description ? description : null, children, errors, help);
}

/** The templates every form here uses on top of rjsf's default theme. */
export const templates = { FieldTemplate };

interface BoundaryProps {
  children: ReactNode;
  fallback: (error: Error) => ReactNode;
  /** Changing this (a new schema) clears a caught failure. */
  resetKey: unknown;
}

/** Catches a schema rjsf cannot render, so the caller can show a plainer editor instead. */
export class RjsfBoundary extends Component<BoundaryProps, { error: Error | undefined; key: unknown }> {
  override state = { error: undefined as Error | undefined, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: Error | undefined; key: unknown }) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
