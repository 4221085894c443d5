/**
 * The presa v1 requestState token (docs/request-state.md): `p1.<payload>.<mac>`. These primitives
 * are shared by the server, which signs and verifies, and the inspector, which decodes and checks.
 * Browser-safe: no Buffer, no node:crypto.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import canonicalize from "canonicalize";
import type { JsonValue } from "../protocol/types";
import { isObject } from "../util/isObject";
import { McpError } from "../errors";

/** The first part of every presa v1 token; it names the format and its version. */
export const TOKEN_PREFIX = "p1";

/** Top-level params that change between rounds of one call, so the digest leaves them out. */
export const DIGEST_EXCLUDED_PARAMS: readonly string[] = ["inputResponses", "requestState", "_meta"];

/** The signed payload of a presa v1 token (docs/request-state.md, the field table). */
export interface PresaPayload {
  v: 1;
  m: string;
  d: string;
  c: string;
  iat: number;
  exp: number;
  s: JsonValue;
}

/** The three parts of a token that has the presa v1 shape; nothing in it is verified yet. */
export interface PresaParts {
  prefix: typeof TOKEN_PREFIX;
  payload: string;
  mac: string;
}

const URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const STD_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function lookupTable(alphabet: string): Int8Array {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
}
const URL_TABLE = lookupTable(URL_ALPHABET);
const STD_TABLE = lookupTable(STD_ALPHABET);

const URL_CODES = Uint8Array.from(URL_ALPHABET, (c) => c.charCodeAt(0));
const asciiDecoder = new TextDecoder();
let encodeScratch = new Uint8Array(256);

/**
 * Base64url without padding (RFC 4648 §5), the encoding of both token parts. The characters are
 * written as bytes and made a string once: appending them one by one builds a chain of small
 * strings, which on this per-round path cost more than the encoding itself.
 */
export function base64urlEncode(bytes: Uint8Array): string {
  const length = Math.ceil((bytes.length * 4) / 3);
  if (encodeScratch.length < length + 3) encodeScratch = new Uint8Array(Math.max(length + 3, encodeScratch.length * 2));
  const out = encodeScratch;
  let o = 0;
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out[o++] = URL_CODES[n >> 18] as number;
    out[o++] = URL_CODES[(n >> 12) & 63] as number;
    out[o++] = URL_CODES[(n >> 6) & 63] as number;
    out[o++] = URL_CODES[n & 63] as number;
  }
  return asciiDecoder.decode(out.subarray(0, length));
}

/** Whether `text` is what base64urlDecode accepts, checked without decoding it (the same rules). */
function isBase64url(text: string): boolean {
  if (text.length % 4 === 1) return false;
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    value = code < 128 ? (URL_TABLE[code] ?? -1) : -1;
    if (value < 0) return false;
  }
  // The unused low bits of the last character must be zero: 4 of them after 2 characters, 2 after 3.
  const rest = text.length % 4;
  return rest === 0 || (value & (rest === 2 ? 15 : 3)) === 0;
}

// Strict: only alphabet characters, no length of 1 mod 4, and zero unused trailing bits, so one
// byte string has exactly one text form.
function decodeBody(text: string, table: Int8Array): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? (table[code] ?? -1) : -1;
    if (value < 0) return null;
    acc = ((acc << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  if ((acc & ((1 << bits) - 1)) !== 0) return null;
  return out;
}

/** Strict base64url decode without padding; null for any other text. */
export function base64urlDecode(text: string): Uint8Array | null {
  return decodeBody(text, URL_TABLE);
}

/** Strict standard base64 decode (RFC 4648 §4); padding optional, but correct when present. */
export function base64Decode(text: string): Uint8Array | null {
  if (text.endsWith("=")) {
    if (text.length % 4 !== 0) return null;
    const body = text.endsWith("==") ? text.slice(0, -2) : text.slice(0, -1);
    if (body.length % 4 === 0) return null;
    return decodeBody(body, STD_TABLE);
  }
  return decodeBody(text, STD_TABLE);
}

const encoder = new TextEncoder();

/** UTF-8 decode that refuses invalid bytes instead of inventing U+FFFD; null when invalid. */
// One decoder for all calls: without `stream`, decode() keeps no state between calls.
const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function utf8DecodeStrict(bytes: Uint8Array): string | null {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return null;
  }
}

/** JSON.parse that reports failure as undefined, a value JSON text can never produce. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether a value is JSON data; iterative, since untrusted input may nest deeper than the stack. */
export function isJsonValue(value: unknown): value is JsonValue {
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v === "string" || typeof v === "boolean") continue;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) return false;
      continue;
    }
    // `seen` refuses cycles; JSON.parse output never shares objects, so nothing valid is lost.
    if (typeof v !== "object" || seen.has(v)) return false;
    seen.add(v);
    const proto: unknown = Object.getPrototypeOf(v);
    if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) return false;
    // A loop, not push(...items): spreading a huge array overflows the argument limit.
    for (const item of Object.values(v)) stack.push(item);
  }
  return true;
}

/** Guard for a decoded payload; it checks shape only, the MAC is checked elsewhere. */
export function isPresaPayload(value: unknown): value is PresaPayload {
  return (
    isObject(value) &&
    value.v === 1 &&
    typeof value.m === "string" &&
    typeof value.d === "string" &&
    typeof value.c === "string" &&
    typeof value.iat === "number" &&
    Number.isFinite(value.iat) &&
    typeof value.exp === "number" &&
    Number.isFinite(value.exp) &&
    "s" in value &&
    isJsonValue(value.s)
  );
}

/** Splits a token of the shape `p1.<base64url>.<base64url of 32 bytes>`; null for anything else. */
export function splitToken(token: string): PresaParts | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [prefix, payload, mac] = parts as [string, string, string];
  if (prefix !== TOKEN_PREFIX || payload.length === 0) return null;
  // 43 characters are exactly 32 bytes; checked without decoding (this runs on every retry).
  if (mac.length !== 43 || !isBase64url(payload) || !isBase64url(mac)) return null;
  return { prefix: TOKEN_PREFIX, payload, mac };
}

/**
 * splitToken, also returning the payload's bytes: the same tokens pass, but the payload is decoded
 * once instead of checked here and decoded again by readPayloadPart (a server does both on every retry).
 */
export function splitTokenDecoded(token: string): { parts: PresaParts; payload: Uint8Array } | null {
  // splitToken's rules, read with indexOf: exactly two dots, "p1" before the first, a non-empty
  // payload and a 43-character MAC (no array of parts is made on this per-retry path).
  const start = TOKEN_PREFIX.length + 1;
  if (!token.startsWith(`${TOKEN_PREFIX}.`)) return null;
  const dot = token.indexOf(".", start);
  if (dot <= start || token.length - dot - 1 !== 43 || token.indexOf(".", dot + 1) !== -1) return null;
  const mac = token.slice(dot + 1);
  if (!isBase64url(mac)) return null;
  const payload = token.slice(start, dot);
  const bytes = base64urlDecode(payload);
  return bytes === null ? null : { parts: { prefix: TOKEN_PREFIX, payload, mac }, payload: bytes };
}

/** Reads payload bytes as JSON; undefined when they are not UTF-8 JSON. */
export function readPayloadBytes(bytes: Uint8Array): unknown {
  const text = utf8DecodeStrict(bytes);
  return text === null ? undefined : parseJsonText(text);
}

/** Reads the payload part as JSON; undefined when it is not base64url of UTF-8 JSON. */
export function readPayloadPart(part: string): unknown {
  const bytes = base64urlDecode(part);
  return bytes === null ? undefined : readPayloadBytes(bytes);
}

/** Encodes a payload as the middle part of a token. */
export function encodePayloadPart(payload: PresaPayload): string {
  return base64urlEncode(utf8(JSON.stringify(payload)));
}

// The token is signed and checked on every round of every call, so its hashing allocates nothing
// per use: text is encoded into one growing scratch buffer, and hashes are cloned into reused
// instances from a pristine one (for HMAC, one per key with the key's pads already absorbed: the
// ipad/opad blocks are hashed once per key, not once per MAC). Both are safe because each use runs
// to completion synchronously and nothing keeps a reference to the scratch space.
let scratch = new Uint8Array(1024);

/** `text` as UTF-8, in the shared scratch buffer: valid until the next call. */
function utf8(text: string): Uint8Array {
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (scratch.length < text.length * 3) scratch = new Uint8Array(Math.max(text.length * 3, scratch.length * 2));
  const { written } = encoder.encodeInto(text, scratch);
  return scratch.subarray(0, written);
}

const digestOut = new Uint8Array(32);
const pristineSha256 = sha256.create();
let sha256Scratch: ReturnType<typeof sha256.create> | undefined;

function sha256Text(text: string): string {
  sha256Scratch = pristineSha256._cloneInto(sha256Scratch);
  sha256Scratch.update(utf8(text));
  sha256Scratch.digestInto(digestOut);
  return base64urlEncode(digestOut);
}

type Hmac = ReturnType<typeof hmac.create>;
/** Keys are byte arrays the server made once; they are treated as immutable. */
const keyedHmac = new WeakMap<Uint8Array, Hmac>();
let hmacScratch: Hmac | undefined;

function hmacText(key: Uint8Array, text: string): Uint8Array {
  let keyed = keyedHmac.get(key);
  if (keyed === undefined) {
    keyed = hmac.create(sha256, key);
    keyedHmac.set(key, keyed);
  }
  const mac: Hmac = keyed._cloneInto(hmacScratch) as Hmac;
  hmacScratch = mac;
  mac.update(utf8(text));
  mac.digestInto(digestOut);
  return digestOut;
}

/**
 * The `d` field: SHA-256 of the RFC 8785 form of params minus the round-varying keys. Throws an
 * McpError of kind "state" for params JCS cannot encode (lone surrogates, non-finite numbers).
 */
export function paramsDigest(params: Record<string, unknown>): string {
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(params)) {
    if (DIGEST_EXCLUDED_PARAMS.includes(key)) continue;
    // JSON.parse makes "__proto__" an own property; assigning it would set the prototype instead.
    if (key === "__proto__") Object.defineProperty(kept, key, { value: params[key], enumerable: true, writable: true, configurable: true });
    else kept[key] = params[key];
  }
  let canonical: string | undefined;
  try {
    canonical = canonicalize(kept);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new McpError({ kind: "state", message: `params cannot be canonicalized (RFC 8785): ${why}`, cause: e });
  }
  if (canonical === undefined) throw new McpError({ kind: "state", message: "params cannot be canonicalized (RFC 8785)" });
  return memoSha256(paramsDigests, canonical);
}

// Each token's params and caller are hashed twice, once to sign and once to verify, and a server
// sees few callers: recent digests are remembered. Bounded in entries and in the length of text
// kept, so a hostile client cannot make the memo large.
const MEMO_ENTRIES = 256;
const MEMO_TEXT = 2048;
const paramsDigests = new Map<string, string>();
const callerDigests = new Map<string, string>();

function memoSha256(memo: Map<string, string>, text: string): string {
  let digest = memo.get(text);
  if (digest === undefined) {
    digest = sha256Text(text);
    if (text.length <= MEMO_TEXT) {
      if (memo.size >= MEMO_ENTRIES) memo.clear();
      memo.set(text, digest);
    }
  }
  return digest;
}

/** The `c` field: binds a token to the identity the server's transport reported. */
export function callerDigest(caller: string): string {
  return memoSha256(callerDigests, `presa-caller:${caller}`);
}

/** The `<mac>` part: HMAC-SHA256 over `"p1." + payloadPart`. */
export function macOf(key: Uint8Array, payloadPart: string): string {
  return base64urlEncode(hmacText(key, `${TOKEN_PREFIX}.${payloadPart}`));
}

/** The HMAC key for a configured `stateSecret`: its UTF-8 bytes. */
export function keyFromSecret(secret: string): Uint8Array {
  return encoder.encode(secret);
}

/** String equality whose time does not depend on where the strings first differ (MAC checks). */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}

/**
 * Which check refused a token, as the reference server reports it in a -32602 error's
 * `data.reason` (docs/request-state.md); each maps to one line of the acceptance rule.
 */
export const STATE_FAILURE_REASONS = ["malformed", "signature", "version", "method", "params", "caller", "expired"] as const;
export type StateFailureReason = (typeof STATE_FAILURE_REASONS)[number];
