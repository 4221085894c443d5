import type { JsonRpcMessage } from "../jsonrpc/messages";
import { isObject } from "../util/isObject";

/**
 * SEP-2243 header helpers (spec 2026-07-28, Streamable HTTP "Request Metadata"). Pure functions:
 * the transport stamps `Mcp-Name`, the tools area computes `Mcp-Param-*` and drops invalid tools.
 */

/** Methods whose `Mcp-Name` header mirrors `params.name` or `params.uri` (§"Standard Request Headers"). */
const NAME_SOURCES: Readonly<Record<string, "name" | "uri" | "taskId">> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
  // The tasks extension routes by task id (ext-tasks "Streamable HTTP: Routing Headers").
  "tasks/get": "taskId",
  "tasks/update": "taskId",
  "tasks/cancel": "taskId",
};

/** Which param a method's `Mcp-Name` header mirrors, for the client that stamps it and the server that checks it. */
export function mcpNameSource(method: string): "name" | "uri" | "taskId" | undefined {
  return NAME_SOURCES[method];
}

/** The value `Mcp-Name` mirrors, so header and body can never disagree; undefined when none applies. */
export function mcpNameOf(message: JsonRpcMessage): string | undefined {
  if (!("method" in message)) return undefined;
  const source = mcpNameSource(message.method);
  const value = source === undefined ? undefined : message.params?.[source];
  return typeof value === "string" ? value : undefined;
}

const SENTINEL_PREFIX = "=?base64?";
const SENTINEL_SUFFIX = "?=";

/** Plain when every char is visible ASCII or an inner space; anything else would be mangled by HTTP. */
function isPlainSafe(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) return false;
  }
  if (value.startsWith(" ") || value.endsWith(" ")) return false;
  return !(value.startsWith(SENTINEL_PREFIX) && value.endsWith(SENTINEL_SUFFIX));
}

function base64Utf8(value: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * A header value as §"Value Encoding" wants it: as is when safe, otherwise `=?base64?…?=` over the
 * UTF-8 bytes (non-ASCII, control chars including tab/CR/LF, edge spaces, or a sentinel look-alike).
 */
export function encodeHeaderValue(value: string): string {
  return isPlainSafe(value) ? value : `${SENTINEL_PREFIX}${base64Utf8(value)}${SENTINEL_SUFFIX}`;
}

/** The only property types `x-mcp-header` may sit on (§"Schema Extension": no `number`). */
const PRIMITIVES = new Set(["string", "integer", "boolean"]);
/** RFC 9110 §5.1 `token` = 1*tchar. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Keywords whose value is one subschema, an array of them, or a name → subschema map (JSON Schema 2020-12). */
const SINGLE = ["items", "additionalItems", "additionalProperties", "unevaluatedItems", "unevaluatedProperties", "contains", "propertyNames", "not", "if", "then", "else"];
const LISTS = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
const MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"];
/** Schema values that are instance data, checked against the integer safe range. */
const VALUE_KEYWORDS = ["const", "default"];

interface Annotation {
  /** Where it sits, as keyword/name steps from the root, e.g. ["properties", "region"]. */
  path: string[];
  schema: Record<string, unknown>;
  header: unknown;
}

/** Every `x-mcp-header` in a schema, found by walking only subschema positions (never data such as `default`). */
function collectAnnotations(schema: unknown, path: string[] = [], out: Annotation[] = []): Annotation[] {
  if (!isObject(schema)) return out;
  if ("x-mcp-header" in schema) out.push({ path, schema, header: schema["x-mcp-header"] });
  for (const key of SINGLE) if (isObject(schema[key])) collectAnnotations(schema[key], [...path, key], out);
  for (const key of LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((sub, i) => collectAnnotations(sub, [...path, key, String(i)], out));
  }
  for (const key of MAPS) {
    const map = schema[key];
    if (isObject(map)) for (const [name, sub] of Object.entries(map)) collectAnnotations(sub, [...path, key, name], out);
  }
  return out;
}

/** Statically reachable means the path is `properties/<name>` repeated, and not the root itself. */
function isStaticallyReachable(path: string[]): boolean {
  if (path.length === 0 || path.length % 2 !== 0) return false;
  return path.every((step, i) => i % 2 === 1 || step === "properties");
}

function isUnsafeInteger(value: unknown): boolean {
  return typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value);
}

/** Why one annotation is invalid (§"Schema Extension" constraints), or undefined when it is fine. */
function annotationProblem(a: Annotation): string | undefined {
  const where = a.path.length === 0 ? "the schema root" : a.path.join(".");
  if (!isStaticallyReachable(a.path)) return `x-mcp-header at ${where} is not reachable through properties alone`;
  if (typeof a.header !== "string") return `x-mcp-header at ${where} is not a string`;
  if (a.header === "") return `x-mcp-header at ${where} is empty`;
  if (!TOKEN.test(a.header)) return `x-mcp-header ${JSON.stringify(a.header)} at ${where} is not an RFC 9110 token`;
  const type = a.schema.type;
  if (typeof type !== "string" || !PRIMITIVES.has(type)) {
    return `x-mcp-header ${JSON.stringify(a.header)} at ${where} is on type ${JSON.stringify(type ?? null)}, not string, integer or boolean`;
  }
  if (type === "integer") {
    const values = [...VALUE_KEYWORDS.map((k) => a.schema[k]), ...(Array.isArray(a.schema.enum) ? a.schema.enum : [])];
    if (values.some(isUnsafeInteger)) return `x-mcp-header ${JSON.stringify(a.header)} at ${where} allows integers beyond ±(2^53−1)`;
  }
  return undefined;
}

/** Outcome of checking one tool's `x-mcp-header` annotations. */
export type ToolHeaderCheck = { ok: true } | { ok: false; reason: string };

/**
 * Checks every `x-mcp-header` rule of §"Schema Extension"; on HTTP a client MUST drop a tool that
 * fails (and SHOULD log the reason) while keeping the valid ones.
 */
export function validateToolHeaders(tool: { inputSchema?: unknown }): ToolHeaderCheck {
  const seen = new Map<string, string>();
  for (const annotation of collectAnnotations(tool.inputSchema)) {
    const problem = annotationProblem(annotation);
    if (problem !== undefined) return { ok: false, reason: problem };
    const header = annotation.header as string;
    const earlier = seen.get(header.toLowerCase());
    if (earlier !== undefined) {
      return { ok: false, reason: `x-mcp-header ${JSON.stringify(header)} repeats ${JSON.stringify(earlier)} (names are case-insensitive)` };
    }
    seen.set(header.toLowerCase(), header);
  }
  return { ok: true };
}

/** The header text for one argument, or undefined when the header is to be omitted (§"Value Encoding"). */
function headerText(type: unknown, value: unknown): string | undefined {
  if (type === "string" && typeof value === "string") return value;
  if (type === "integer" && typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  if (type === "boolean" && typeof value === "boolean") return value ? "true" : "false";
  return undefined;
}

/**
 * The `Mcp-Param-<Name>` headers a `tools/call` must carry (§"Client Behavior"): the value at each
 * annotated property's exact path, converted and encoded. Null, absent or ill-typed values (and
 * unsafe integers) send no header; annotations on `number` or non-primitive types are ignored.
 */
export function paramHeaders(inputSchema: unknown, args: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  const walk = (schema: unknown, value: unknown): void => {
    if (!isObject(schema) || !isObject(schema.properties) || !isObject(value)) return;
    for (const [name, sub] of Object.entries(schema.properties)) {
      if (!isObject(sub) || !Object.hasOwn(value, name)) continue;
      const child = value[name];
      const header = sub["x-mcp-header"];
      if (typeof header === "string" && TOKEN.test(header)) {
        const text = headerText(sub.type, child);
        if (text !== undefined) headers[`Mcp-Param-${header}`] = encodeHeaderValue(text);
      }
      walk(sub, child);
    }
  };
  walk(inputSchema, args);
  return headers;
}

/** SEP-2243's tool rules, for a transport whose messages carry HTTP headers (TransportCapabilities.paramHeaders). */
export interface ToolHeaderRules {
  /** Whether a listed tool's `x-mcp-header` annotations hold; a tool that breaks them is dropped. */
  validate(tool: { inputSchema?: unknown }): ToolHeaderCheck;
  /** The `Mcp-Param-*` headers of a tools/call with these arguments. */
  mirror(inputSchema: unknown, args: unknown): Record<string, string>;
}

/** The rules as the transports that send headers offer them. */
export const toolHeaderRules: ToolHeaderRules = { validate: validateToolHeaders, mirror: paramHeaders };
