/**
 * RFC 8785 (JSON Canonicalization Scheme) for the params digest of requestState tokens: object keys
 * sorted by UTF-16 code units, no whitespace, strings and numbers as ECMAScript's JSON.stringify
 * writes them. It gives the same text as the `canonicalize` package (src/core/state/jcs.test.ts holds
 * them equal over random JSON) with one pass of string building, where that package makes a Set, an
 * array of parts and a template string per level; it runs twice per input round on the server.
 */

// In a `u` regex, a surrogate pair is one code point, so only a lone surrogate is in General_Category Cs.
const LONE_SURROGATE = /\p{Cs}/u;
// What JSON.stringify would escape (quote, backslash, controls) or JCS must check (surrogates).
const NEEDS_CARE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string as JSON.stringify writes it, without the call for the usual one that needs no escape. */
export function jsonString(s: string): string {
  return NEEDS_CARE.test(s) ? JSON.stringify(s) : `"${s}"`;
}

function str(s: string): string {
  // Most strings (names, keys, plain text) need neither: quoted as they are.
  if (!NEEDS_CARE.test(s)) return `"${s}"`;
  if (LONE_SURROGATE.test(s)) throw new Error("Lone surrogate is not allowed");
  return JSON.stringify(s);
}

// Keys repeat (a tool's argument names): the quoted form of short ones is kept, at most
// KEY_CACHE_SIZE of them, so what a client sends cannot make the cache hold much.
const KEY_CACHE_SIZE = 512;
const KEY_CACHE_LENGTH = 64;
const quotedKeys = new Map<string, string>();

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = str(key);
    if (key.length <= KEY_CACHE_LENGTH) {
      if (quotedKeys.size >= KEY_CACHE_SIZE) quotedKeys.clear();
      quotedKeys.set(key, quoted);
    }
  }
  return quoted;
}

/** Object keys in UTF-16 code-unit order (what Array#sort does by default), by insertion for the usual few. */
function sortedKeys(object: object): string[] {
  const keys = Object.keys(object);
  if (keys.length > 16) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as string;
    let j = i - 1;
    while (j >= 0 && (keys[j] as string) > key) {
      keys[j + 1] = keys[j] as string;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

// From this depth on, each value is checked against its ancestors from that depth down: a cycle
// repeats an object there. Shallower, nothing is recorded, so the usual small value pays for no search.
const CYCLE_CHECK_DEPTH = 32;

/** The objects on the path from CYCLE_CHECK_DEPTH down, made only when a value nests that deep. */
type Deep = object[] | undefined;

function serialize(value: unknown, depth: number, deep: Deep, omit?: readonly string[]): string {
  switch (typeof value) {
    case "string":
      return str(value);
    case "number":
      if (Number.isNaN(value)) throw new Error("NaN is not allowed");
      if (!Number.isFinite(value)) throw new Error("Infinity is not allowed");
      // Number::toString, which JSON.stringify uses too (and -0 reads "0" in both).
      return String(value);
    case "boolean":
      return value ? "true" : "false";
    case "object":
      break;
    default:
      // undefined, functions, symbols: what JSON.stringify gives (undefined), which callers skip; bigint throws there too.
      if (typeof value === "bigint") throw new TypeError("Do not know how to serialize a BigInt");
      return "null";
  }
  if (value === null) return "null";
  const object = value as Record<string, unknown> & { toJSON?: unknown };
  if (depth >= CYCLE_CHECK_DEPTH) {
    deep ??= [];
    if (deep.includes(object)) throw new Error("Circular reference detected");
    deep.push(object);
  }
  const next = depth + 1;
  let out: string;
  // A plain object or array has no toJSON of its own making (JSON.parse makes only those): only
  // other objects (a Date, a class instance) are asked, as JSON.stringify would.
  const proto: unknown = Object.getPrototypeOf(object);
  if (proto !== Object.prototype && proto !== Array.prototype && proto !== null && typeof object.toJSON === "function") {
    out = serialize((object.toJSON as () => unknown)(), next, deep);
  } else if (Array.isArray(object)) {
    out = "[";
    for (let i = 0; i < object.length; i++) {
      if (i > 0) out += ",";
      const item: unknown = object[i];
      out += item === undefined || typeof item === "symbol" || typeof item === "function" ? "null" : serialize(item, next, deep);
    }
    out += "]";
  } else {
    const keys = sortedKeys(object);
    out = "{";
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const item = object[key];
      if (item === undefined || typeof item === "symbol" || typeof item === "function") continue;
      if (omit !== undefined && omit.includes(key)) continue;
      if (out.length > 1) out += ",";
      out += quotedKey(key);
      out += ":";
      // The usual leaf, a string, without a call.
      out += typeof item === "string" ? str(item) : serialize(item, next, deep);
    }
    out += "}";
  }
  if (depth >= CYCLE_CHECK_DEPTH) deep?.pop();
  return out;
}

/**
 * The RFC 8785 text of a JSON value; throws for what JCS cannot encode (lone surrogates, NaN,
 * Infinity, cycles). `omit` leaves those keys out of a top-level object (the params digest's
 * round-varying keys) without copying it.
 */
export function canonicalJson(value: unknown, omit?: readonly string[]): string {
  return serialize(value, 0, undefined, omit);
}
