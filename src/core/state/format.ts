/**
 * The presa v2 requestState token (docs/request-state.md): `p2.<payload>.<mac>`. These primitives
 * are shared by the server, which signs and verifies, and the inspector, which decodes and checks.
 * Browser-safe: no Buffer, no node:crypto.
 */
import type { JsonValue } from "../protocol/types";
import { isObject } from "../util/isObject";
import { base64urlDecode, isBase64url, utf8DecodeStrict } from "./encoding";

/** The version in the payload's `v`. */
export const TOKEN_VERSION = 2;

/** The first part of every presa v2 token; it names the format and its version. */
export const TOKEN_PREFIX = `p${TOKEN_VERSION}` as const;

/** Top-level params that change between rounds of one call, so the digest leaves them out. */
export const DIGEST_EXCLUDED_PARAMS: readonly string[] = ["inputResponses", "requestState", "_meta"];

/** The signed payload of a presa v2 token (docs/request-state.md, the field table). */
export interface PresaPayload {
  v: typeof TOKEN_VERSION;
  m: string;
  d: string;
  c: string;
  iat: number;
  exp: number;
  s: JsonValue;
}

/** The three parts of a token that has the presa v2 shape; nothing in it is verified yet. */
export interface PresaParts {
  prefix: typeof TOKEN_PREFIX;
  payload: string;
  mac: string;
}

const encoder = new TextEncoder();

export { base64Decode, base64urlDecode, base64urlEncode, utf8DecodeStrict } from "./encoding";

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
  return isObject(value) && value.v === TOKEN_VERSION && hasPresaFields(value) && isJsonValue(value.s);
}

/**
 * The fields of a presa v2 payload other than `v`, with their types. `s` is only required to be present:
 * a payload from JSON.parse holds JSON values already (the server's verify), while isPresaPayload also
 * walks `s` for a value from anywhere.
 */
export function hasPresaFields(value: Record<string, unknown>): value is Record<string, unknown> & Omit<PresaPayload, "v"> {
  return (
    typeof value.m === "string" &&
    typeof value.d === "string" &&
    typeof value.c === "string" &&
    typeof value.iat === "number" &&
    Number.isFinite(value.iat) &&
    typeof value.exp === "number" &&
    Number.isFinite(value.exp) &&
    "s" in value
  );
}

/** Splits a token of the shape `p2.<base64url>.<base64url of 32 bytes>`; null for anything else. */
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
  // splitToken's rules, read with indexOf: exactly two dots, "p2" before the first, a non-empty
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
