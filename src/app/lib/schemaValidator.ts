import { dereference, validate, type OutputUnit, type Schema, type SchemaDraft } from "@cfworker/json-schema";
import { createErrorHandler, ErrorSchemaBuilder, unwrapErrorHandler, validationDataMerge, type CustomValidator, type ErrorSchema, type ErrorTransformer, type RJSFSchema, type RJSFValidationError, type UiSchema, type ValidationData, type ValidatorType } from "@rjsf/utils";
import { describeErrors, type FieldProblem } from "./schemaErrors";

/**
 * rjsf's validator over @cfworker/json-schema, an interpreting JSON Schema validator: it walks the
 * schema for each check instead of compiling it to a function (ajv's `new Function`), so the forms run
 * under the app's CSP without `'unsafe-eval'`. It resolves `$ref` only through the schemas it
 * was handed: a reference to anything else is an error in words, never a fetch.
 */

/** Where the form's root schema sits for reference resolution; rjsf's sub-schemas point at it. */
const BASE = new URL("https://schema.presa.invalid/");
const ROOT = new URL("root", BASE);
const CANDIDATE = new URL("candidate", BASE);

type Lookup = Record<string, Schema | boolean>;

interface Prepared {
  schema: Schema;
  lookup: Lookup;
}

/**
 * A deep copy of plain JSON with every same-document `$ref` ("#…") pointed at the root schema: the
 * validator marks the objects it reads, and rjsf's own schema objects must stay as rjsf made them.
 */
function copy(node: unknown, toRoot: boolean): unknown {
  if (Array.isArray(node)) return node.map((x) => copy(x, toRoot));
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "__proto__") continue;
    out[k] = k === "$ref" && toRoot && typeof v === "string" && v.startsWith("#") ? `${ROOT.href}${v}` : copy(v, toRoot);
  }
  return out;
}

/** Data as the validator takes it: JSON only (rjsf leaves `undefined` where a field was cleared). */
function plain(data: unknown): unknown {
  if (data === undefined) return null;
  return JSON.parse(JSON.stringify(data)) as unknown;
}

/** The draft a declared `$schema` asks for. MCP: a schema without `$schema` is 2020-12 (spec, JSON Schema usage). */
export function draftFor(dialect: string | undefined): SchemaDraft {
  if (dialect === undefined) return "2020-12";
  if (/draft-0[0-4]\b/.test(dialect)) return "4";
  if (/draft-0[5-7]\b/.test(dialect)) return "7";
  if (/2019-09/.test(dialect)) return "2019-09";
  return "2020-12";
}

export class InterpretingValidator implements ValidatorType<Record<string, unknown>, RJSFSchema> {
  private roots = new WeakMap<object, Prepared>();

  constructor(readonly draft: SchemaDraft) {}

  /** The root schema, copied and indexed once per schema object rjsf hands over. */
  private root(schema: RJSFSchema): Prepared {
    let prepared = this.roots.get(schema);
    if (!prepared) {
      const copied = copy(schema, false) as Schema;
      prepared = { schema: copied, lookup: dereference(copied, Object.create(null) as Lookup, ROOT) };
      this.roots.set(schema, prepared);
    }
    return prepared;
  }

  /** Runs the validator; a schema it cannot use (an unresolved `$ref`, a bad pattern) is a thrown Error. */
  private run(data: unknown, schema: RJSFSchema, rootSchema: RJSFSchema = schema): { units: OutputUnit[]; prepared: Prepared } {
    const root = this.root(rootSchema);
    if (schema === rootSchema) return { units: validate(data, root.schema, this.draft, root.lookup, false).errors, prepared: root };
    const sub = copy(schema, true) as Schema;
    // The candidate's own parts under their own URI, the root's through the prototype chain.
    const lookup = dereference(sub, Object.create(root.lookup) as Lookup, CANDIDATE);
    return { units: validate(data, sub, this.draft, lookup, false).errors, prepared: { schema: sub, lookup } };
  }

  validateFormData(
    formData: Record<string, unknown> | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<Record<string, unknown>, RJSFSchema>,
    transformErrors?: ErrorTransformer<Record<string, unknown>, RJSFSchema>,
    uiSchema?: UiSchema<Record<string, unknown>, RJSFSchema>,
  ): ValidationData<Record<string, unknown>> {
    const data = plain(formData);
    let problems: FieldProblem[];
    try {
      const { units, prepared } = this.run(data, schema);
      problems = describeErrors(units, prepared.schema, prepared.lookup, data);
    } catch (e) {
      problems = [{ path: [], message: `The arguments cannot be checked against this schema: ${schemaProblem(e)}.`, keyword: "schema", schemaPath: "#" }];
    }
    const paths = new Map<RJSFValidationError, string[]>();
    let errors: RJSFValidationError[] = problems.map((p) => {
      const error: RJSFValidationError = { name: p.keyword, property: p.path.length ? `.${p.path.join(".")}` : ".", message: p.message, stack: p.message, schemaPath: p.schemaPath, params: {} };
      paths.set(error, p.path);
      return error;
    });
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const builder = new ErrorSchemaBuilder<Record<string, unknown>>();
    for (const e of errors) if (e.message) builder.addErrors(e.message, paths.get(e) ?? (e.property ?? "").split(".").filter(Boolean));
    const errorSchema: ErrorSchema<Record<string, unknown>> = builder.ErrorSchema;
    if (!customValidate) return { errors, errorSchema };
    // Part of rjsf's contract (the forms here pass none): the caller's own checks join the schema's.
    const handler = customValidate(formData ?? {}, createErrorHandler(formData ?? {}), uiSchema, errorSchema);
    return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
  }

  isValid(schema: RJSFSchema, formData: Record<string, unknown> | undefined, rootSchema: RJSFSchema): boolean {
    try {
      return this.run(plain(formData), schema, rootSchema).units.length === 0;
    } catch {
      return false;
    }
  }

  rawValidation<Result = OutputUnit>(schema: RJSFSchema, formData?: Record<string, unknown>): { errors?: Result[]; validationError?: Error } {
    try {
      const { units } = this.run(plain(formData), schema);
      return { errors: units.length ? (units as Result[]) : undefined };
    } catch (e) {
      return { validationError: e instanceof Error ? e : new Error(String(e)) };
    }
  }

  reset(): void {
    this.roots = new WeakMap();
  }
}

/** The first line of a validator failure, without the list of known schemas cfworker appends. */
function schemaProblem(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return (text.split("\n")[0] ?? text).replace(/\s+Absolute URI .*$/, "").replace(/\.$/, "").slice(0, 200);
}
