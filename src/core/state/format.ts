/**
 * The presa v1 requestState token (docs/request-state.md): `p1.<payload>.<mac>`. These primitives
 * are shared by the server, which signs and verifies, and the inspector, which decodes and checks.
 * Browser-safe: no Buffer, no node:crypto.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import canonicalize from "canonicalize";
import type { JsonValue } from "../protocol/types";
import { isObject } from "../protocol/types";
import { McpError } from "../jsonrpc/errors";

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

/** Base64url without padding (RFC 4648 §5), the encoding of both token parts. */
export function base64urlEncode(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let k = 0; k < chars; k++) out += URL_ALPHABET[(n >> (18 - 6 * k)) & 63];
  }
  return out;
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
export function utf8DecodeStrict(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
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
  if (base64urlDecode(payload) === null || base64urlDecode(mac)?.length !== 32) return null;
  return { prefix: TOKEN_PREFIX, payload, mac };
}

/** Reads the payload part as JSON; undefined when it is not base64url of UTF-8 JSON. */
export function readPayloadPart(part: string): unknown {
  const bytes = base64urlDecode(part);
  const text = bytes === null ? null : utf8DecodeStrict(bytes);
  return text === null ? undefined : parseJsonText(text);
}

/** Encodes a payload as the middle part of a token. */
export function encodePayloadPart(payload: PresaPayload): string {
  return base64urlEncode(encoder.encode(JSON.stringify(payload)));
}

function sha256Text(text: string): string {
  return base64urlEncode(sha256(encoder.encode(text)));
}

/**
 * The `d` field: SHA-256 of the RFC 8785 form of params minus the round-varying keys. Throws an
 * McpError of kind "state" for params JCS cannot encode (lone surrogates, non-finite numbers).
 */
export function paramsDigest(params: Record<string, unknown>): string {
  const kept = Object.fromEntries(
    Object.entries(params).filter(([key]) => !DIGEST_EXCLUDED_PARAMS.includes(key)),
  );
  let canonical: string | undefined;
  try {
    canonical = canonicalize(kept);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new McpError({ kind: "state", message: `params cannot be canonicalized (RFC 8785): ${why}`, cause: e });
  }
  if (canonical === undefined) throw new McpError({ kind: "state", message: "params cannot be canonicalized (RFC 8785)" });
  return sha256Text(canonical);
}

/** The `c` field: binds a token to the identity the server's transport reported. */
export function callerDigest(caller: string): string {
  return sha256Text(`presa-caller:${caller}`);
}

/** The `<mac>` part: HMAC-SHA256 over `"p1." + payloadPart`. */
export function macOf(key: Uint8Array, payloadPart: string): string {
  return base64urlEncode(hmac(sha256, key, encoder.encode(`${TOKEN_PREFIX}.${payloadPart}`)));
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
