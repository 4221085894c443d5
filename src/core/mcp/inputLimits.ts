/**
 * Checks on what a server asks for that go beyond shape: absurd form schemas and links that must
 * never be opened are refused before a handler or a person sees them. A schema that is only
 * outside the MCP subset (spec "Elicitation", form mode: a flat object of primitives) still passes:
 * the app shows it with warnings, since a server author needs to see what they sent.
 */
import { McpError } from "../errors";
import { formatSize } from "../jsonrpc/limits";

/** A flat MCP form schema nests 6 levels at most (object, properties, property, items, anyOf, option). */
export const MAX_SCHEMA_DEPTH = 10;
/** Values in one requestedSchema; a hundred fields with a few hundred choices stay well below. */
export const MAX_SCHEMA_NODES = 10_000;
/** `$ref`s followed when looking for recursion; past this a schema is refused as too tangled. */
export const MAX_SCHEMA_REFS = 100;
/** A link a person can check by eye is far shorter; the UI already warns from 1,024 characters. */
export const MAX_URL_LENGTH = 8192;

function refused(key: string, message: string): McpError {
  return new McpError({ kind: "protocol", message, reason: { type: "badInputRequest", key } });
}

/** Only absolute http(s) URLs may reach the user: `javascript:` and `data:` links run or render code. */
export function checkElicitationUrl(key: string, url: string): void {
  if (url.length > MAX_URL_LENGTH) {
    throw refused(key, `URL elicitation "${key}" has a url of ${formatSize(url.length)}, over the ${MAX_URL_LENGTH}-character cap`);
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw refused(key, `URL elicitation "${key}" has a url that is not an absolute URL`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw refused(key, `URL elicitation "${key}" links to a ${parsed.protocol} URL; only http and https links can be opened`);
  }
}

interface Ref {
  /** JSON pointer of the object that holds the `$ref` ("" is the schema itself). */
  at: string;
  /** JSON pointer it points to inside the schema, or undefined for anything else (never fetched). */
  to: string | undefined;
  text: string;
}

// JSON Pointer escaping (RFC 6901); most names have neither character, and skip the two regexes.
const escape = (segment: string): string => (segment.includes("~") || segment.includes("/") ? segment.replace(/~/g, "~0").replace(/\//g, "~1") : segment);
const under = (pointer: string, root: string): boolean => root === "" || pointer === root || pointer.startsWith(`${root}/`);

function localTarget(ref: string): string | undefined {
  if (!ref.startsWith("#")) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  return fragment === "" || fragment.startsWith("/") ? fragment : undefined;
}

/**
 * Refuses a requestedSchema that nests past MAX_SCHEMA_DEPTH, has more than MAX_SCHEMA_NODES
 * values, or is recursive through same-document `$ref`s. Iterative, so a hostile schema cannot use
 * the check itself to overflow the stack. References are only read, never resolved for rendering.
 */
export function checkRequestedSchema(key: string, schema: unknown): void {
  const where = `form elicitation "${key}": requestedSchema`;
  const refs: Ref[] = [];
  // A depth-first walk on three parallel stacks (value, JSON pointer, depth): every form a server
  // sends is walked, and a tuple per value was most of what the walk allocated.
  const values: unknown[] = [schema];
  const pointers: string[] = [""];
  const depths: number[] = [1];
  let nodes = 0;
  while (values.length > 0) {
    const value = values.pop();
    const pointer = pointers.pop() as string;
    const depth = depths.pop() as number;
    if (++nodes > MAX_SCHEMA_NODES) throw refused(key, `${where} has more than ${MAX_SCHEMA_NODES} values; a form this large is not the flat MCP subset`);
    if (typeof value !== "object" || value === null) continue;
    if (depth > MAX_SCHEMA_DEPTH) {
      throw refused(key, `${where} nests more than ${MAX_SCHEMA_DEPTH} levels deep; the MCP subset is a flat object of primitive fields`);
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        if (!(i in value)) continue; // a hole, as Array.prototype.map skips it
        values.push(value[i]);
        pointers.push(`${pointer}/${i}`);
        depths.push(depth + 1);
      }
      continue;
    }
    const object = value as Record<string, unknown>;
    for (const name of Object.keys(object)) {
      const child = object[name];
      if (name === "$ref" && typeof child === "string") {
        if (refs.length >= MAX_SCHEMA_REFS) throw refused(key, `${where} has more than ${MAX_SCHEMA_REFS} $refs`);
        refs.push({ at: pointer, to: localTarget(child), text: child.slice(0, 80) });
      }
      values.push(child);
      pointers.push(`${pointer}/${escape(name)}`);
      depths.push(depth + 1);
    }
  }
  const cycle = findCycle(refs);
  if (cycle) throw refused(key, `${where} is recursive: $ref "${cycle.text}" leads back to itself; the MCP subset has no references`);
}

/**
 * Whether inlining the references would never end: the root expands to the targets of the refs
 * inside it, each target to the targets of the refs inside that target, and so on. A cycle in that
 * graph (a target reached again while it is being expanded) is a recursive schema.
 */
function findCycle(refs: Ref[]): Ref | undefined {
  const local = refs.filter((r): r is Ref & { to: string } => r.to !== undefined);
  if (local.length === 0) return undefined;
  const state = new Map<string, "open" | "done">();
  // Iterative DFS: each frame is a pointer being expanded and the index of the next ref to try.
  const frames: { pointer: string; next: number }[] = [{ pointer: "\u0000root", next: 0 }];
  state.set("\u0000root", "open");
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as { pointer: string; next: number };
    const root = frame.pointer === "\u0000root" ? "" : frame.pointer;
    let pushed = false;
    while (frame.next < local.length) {
      const ref = local[frame.next++] as Ref & { to: string };
      if (!under(ref.at, root)) continue;
      const seen = state.get(ref.to);
      if (seen === "open") return ref;
      if (seen === "done") continue;
      state.set(ref.to, "open");
      frames.push({ pointer: ref.to, next: 0 });
      pushed = true;
      break;
    }
    if (!pushed) {
      state.set(frame.pointer, "done");
      frames.pop();
    }
  }
  return undefined;
}
