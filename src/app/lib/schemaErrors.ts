import type { OutputUnit, Schema } from "@cfworker/json-schema";

/**
 * The validator's output turned into sentences a person reads under a field ("Times must be 1 or more."),
 * each with the data path of the field it belongs to: a person filling a form needs a sentence naming the
 * field, not a validator's phrasing.
 */
export interface FieldProblem {
  /** Data path of the field the sentence is shown under ([] for the form as a whole). */
  path: string[];
  message: string;
  /** The JSON Schema keyword that failed. */
  keyword: string;
  /** Where in the schema it failed (the validator's keyword location). */
  schemaPath: string;
}

type Lookup = Record<string, Schema | boolean>;
type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && !Array.isArray(v);

/** Keywords that only say "a part below failed": the part below has its own, better, sentence. */
const WRAPPERS = new Set(["properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "items", "prefixItems", "additionalItems", "unevaluatedItems", "$ref", "$recursiveRef", "allOf", "if", "dependentSchemas"]);

const FORMATS: Record<string, string> = {
  date: "a date written as year-month-day, like 2026-12-31",
  time: "a time like 13:45:00Z",
  "date-time": "a date and time like 2026-12-31T13:45:00Z",
  duration: "a duration like P3D or PT1H30M",
  email: "an email address",
  uri: "a full URL, like https://example.com/page",
  url: "a full URL, like https://example.com/page",
  "uri-reference": "a URL or a relative reference",
  hostname: "a host name, like example.com",
  ipv4: "an IPv4 address, like 192.0.2.1",
  ipv6: "an IPv6 address, like 2001:db8::1",
  uuid: "a UUID, like 123e4567-e89b-12d3-a456-426614174000",
  regex: "a regular expression",
};

const TYPES: Record<string, string> = { string: "text", number: "a number", integer: "a whole number", boolean: "true or false", array: "a list", object: "a group of fields", null: "empty (null)" };

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;
const clip = (s: string, max = 120): string => (s.length > max ? `${s.slice(0, max)}…` : s);
const show = (v: unknown): string => clip(typeof v === "string" ? `"${v}"` : JSON.stringify(v) ?? String(v));

function segments(pointer: string): string[] {
  return pointer
    .replace(/^#\/?/, "")
    .split("/")
    .filter((s, i, all) => s !== "" || all.length > 1)
    .map((s) => {
      let text = s;
      try {
        text = decodeURIComponent(s);
      } catch {
        // A segment that is not percent-encoding stays as written.
      }
      return text.replace(/~1/g, "/").replace(/~0/g, "~");
    });
}

interface Walked {
  /** The schema object that holds the failed keyword. */
  holder: Node | undefined;
  /** The title of the field the failure is about, from the schema as written. */
  title: string | undefined;
}

/** Follows a keyword location through the schema (and through $ref) to the object that holds the keyword. */
function walk(root: Schema, lookup: Lookup, keywordLocation: string): Walked {
  const path = segments(keywordLocation);
  let node: unknown = root;
  let title: string | undefined = isNode(root) && typeof root.title === "string" ? root.title : undefined;
  for (let i = 0; i < path.length - 1 && node !== undefined; i++) {
    const seg = path[i] as string;
    if (!isNode(node) && !Array.isArray(node)) return { holder: undefined, title };
    if (seg === "$ref" && isNode(node)) {
      const target = lookup[String(node.__absolute_ref__ ?? node.$ref)];
      node = target;
    } else if (Array.isArray(node)) node = node[Number(seg)];
    else node = node[seg];
    const parent = path[i - 1];
    const entered = seg === "items" || seg === "additionalProperties" || seg === "additionalItems" || (parent !== undefined && ["properties", "patternProperties", "prefixItems"].includes(parent) && seg !== "$ref");
    if (entered) title = undefined;
    if (isNode(node) && typeof node.title === "string" && title === undefined) title = node.title;
  }
  return { holder: isNode(node) ? node : undefined, title };
}

type Namer = (path: string[], fallback?: string) => string;

/** The schema object of a property, through `$ref`s (bounded, as refs may loop). */
function follow(node: unknown, lookup: Lookup): Node | undefined {
  let n = node;
  for (let hops = 0; hops < 16 && isNode(n) && typeof n.$ref === "string"; hops++) {
    if (typeof n.title === "string") return n;
    n = lookup[String(n.__absolute_ref__ ?? n.$ref)];
  }
  return isNode(n) ? n : undefined;
}

/**
 * Names a data path as the form shows it: the field's title (from the schema, by the data path) or its
 * key; an array entry is "<list> item N", counted from 1; the whole form is "The arguments".
 */
function namer(root: Schema, lookup: Lookup): Namer {
  const schemaAt = (path: string[]): Node | undefined => {
    let node = follow(root, lookup);
    for (const seg of path) {
      if (!node) return undefined;
      const props = follow(node, lookup)?.properties;
      const items = follow(node, lookup)?.items;
      const prefix = follow(node, lookup)?.prefixItems;
      if (/^\d+$/.test(seg) && (items !== undefined || prefix !== undefined)) {
        const i = Number(seg);
        node = follow(Array.isArray(prefix) && i < prefix.length ? prefix[i] : Array.isArray(items) ? items[i] : items, lookup);
      } else node = follow(isNode(props) ? props[seg] : undefined, lookup);
    }
    return node;
  };
  const name: Namer = (path, fallback) => {
    const last = path[path.length - 1];
    if (last === undefined) return "The arguments";
    const title = schemaAt(path)?.title;
    if (typeof title === "string" && title.trim()) return clip(title, 80);
    if (fallback) return clip(fallback, 80);
    if (/^\d+$/.test(last) && path.length > 1) return `${name(path.slice(0, -1))} item ${Number(last) + 1}`;
    return clip(last, 80);
  };
  return name;
}

function titleOfProperty(holder: Node | undefined, key: string): string | undefined {
  const props = holder?.properties;
  const prop = isNode(props) ? props[key] : undefined;
  return isNode(prop) && typeof prop.title === "string" ? prop.title : undefined;
}

/** One sentence for one failed keyword; undefined for a wrapper whose parts below speak for it. */
function sentence(unit: OutputUnit, path: string[], holder: Node | undefined, title: string | undefined, instance: unknown, fieldName: Namer): FieldProblem | undefined {
  const { keyword } = unit;
  const schemaPath = unit.keywordLocation;
  const name = fieldName(path, title);
  const value = holder?.[keyword];
  const at = (message: string, where = path): FieldProblem => ({ path: where, message, keyword, schemaPath });
  const num = typeof value === "number" ? value : undefined;
  switch (keyword) {
    case "required": {
      const key = /required property "(.*)"\.$/s.exec(unit.error)?.[1] ?? "";
      return at(`${fieldName([...path, key], titleOfProperty(holder, key))} is required.`, [...path, key]);
    }
    case "dependentRequired":
    case "dependencies": {
      const pair = /has "(.*)" but does not have "(.*)"\.$/s.exec(unit.error);
      // The schema form ("does not match dependant schema") wraps the failures that follow it.
      if (!pair) return undefined;
      const [, key = "", needed = ""] = pair;
      return at(`${fieldName([...path, needed], titleOfProperty(holder, needed))} is required when ${fieldName([...path, key], titleOfProperty(holder, key))} is set.`, [...path, needed]);
    }
    case "type": {
      const types = Array.isArray(value) ? value : [value];
      return at(`${name} must be ${types.map((t) => TYPES[String(t)] ?? String(t)).join(" or ")}.`);
    }
    case "const":
      return at(`${name} must be ${show(value)}.`);
    case "enum":
      return at(Array.isArray(value) && value.length <= 8 ? `${name} must be one of ${value.map(show).join(", ")}.` : `${name} must be one of its options.`);
    case "minLength":
    case "maxLength": {
      const len = typeof instance === "string" ? [...instance].length : 0;
      return num === undefined ? at(`${name} has the wrong length.`) : at(`${name} must be at ${keyword === "minLength" ? "least" : "most"} ${plural(num, "character")} long (it has ${len}).`);
    }
    case "pattern":
      return at(`${name} must match the pattern ${clip(String(value))}.`);
    case "format":
      return at(`${name} must be ${FORMATS[String(value)] ?? `in the format "${clip(String(value), 40)}"`}.`);
    case "minimum":
      return at(`${name} must be ${holder?.exclusiveMinimum === true ? `more than ${String(value)}` : `${String(value)} or more`}.`);
    case "maximum":
      return at(`${name} must be ${holder?.exclusiveMaximum === true ? `less than ${String(value)}` : `${String(value)} or less`}.`);
    case "exclusiveMinimum":
      return at(`${name} must be more than ${String(value)}.`);
    case "exclusiveMaximum":
      return at(`${name} must be less than ${String(value)}.`);
    case "multipleOf":
      return at(`${name} must be a multiple of ${String(value)}.`);
    case "minItems":
    case "maxItems": {
      const len = Array.isArray(instance) ? instance.length : 0;
      return num === undefined ? at(`${name} has the wrong number of items.`) : at(`${name} needs at ${keyword === "minItems" ? "least" : "most"} ${plural(num, "item")} (it has ${len}).`);
    }
    case "uniqueItems":
      return at(`${name} must not list the same item twice.`);
    case "contains":
    case "minContains":
    case "maxContains":
      return at(`${name} does not have the number of matching items its schema asks for.`);
    case "minProperties":
    case "maxProperties":
      return num === undefined ? at(`${name} has the wrong number of fields.`) : at(`${name} needs at ${keyword === "minProperties" ? "least" : "most"} ${plural(num, "field")}.`);
    case "propertyNames":
      return at(`${name} has a field name its schema does not allow (${show(/name "(.*)" does not/s.exec(unit.error)?.[1] ?? "")}).`);
    case "not":
      return at(`${name} has a value its schema rules out.`);
    case "anyOf":
      return at(`${name} must match at least one of its allowed forms.`);
    case "oneOf": {
      const matches = /\((\d+) matches\)/.exec(unit.error)?.[1];
      return at(matches && matches !== "0" ? `${name} must match exactly one of its allowed forms (it matches ${matches}).` : `${name} must match one of its allowed forms.`);
    }
    case "false": {
      // A `false` schema: the field may not be there at all. Said on the object that holds it, as the
      // field itself has no place in the form.
      if (path.length === 0) return at("The arguments cannot be given any value.");
      return at(`${fieldName(path.slice(0, -1))} must not have ${show(path[path.length - 1])}.`, path.slice(0, -1));
    }
    default:
      return WRAPPERS.has(keyword) ? undefined : at(`${name} does not match its schema (${clip(keyword, 40)}).`);
  }
}

function valueAt(data: unknown, path: string[]): unknown {
  let v = data;
  for (const seg of path) v = isNode(v) ? v[seg] : Array.isArray(v) ? v[Number(seg)] : undefined;
  return v;
}

/**
 * The sentences for a failed validation, one per problem, in the validator's order. Failures inside an
 * `anyOf`/`oneOf` branch at the same data path are left out (the "one of its forms" sentence covers
 * them), while a branch's failures about fields below stay, so the option the user picked says which of
 * its fields is wrong.
 */
export function describeErrors(units: OutputUnit[], root: Schema, lookup: Lookup, data: unknown): FieldProblem[] {
  const branches = units.filter((u) => u.keyword === "anyOf" || u.keyword === "oneOf");
  const name = namer(root, lookup);
  const out: FieldProblem[] = [];
  const seen = new Set<string>();
  for (const unit of units) {
    const path = segments(unit.instanceLocation);
    const inBranch = branches.some((b) => b !== unit && unit.keywordLocation.startsWith(`${b.keywordLocation}/`) && b.instanceLocation === unit.instanceLocation);
    if (inBranch) continue;
    // cfworker reports a `false` schema with the data location as its keyword location: nothing to walk.
    const { holder, title } = unit.keyword === "false" ? { holder: undefined, title: undefined } : walk(root, lookup, unit.keywordLocation);
    const problem = sentence(unit, path, holder, title, valueAt(data, path), name);
    if (!problem) continue;
    const key = `${problem.path.join("\u0000")}\u0001${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(problem);
  }
  return out;
}
