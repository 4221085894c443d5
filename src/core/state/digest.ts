/**
 * Writing a presa v2 token: its payload's JSON and part, the params digest, the MAC.
 * Apart from format.ts (reading a token's parts, no hashing), so code that only reads tokens carries
 * no hash and no JCS.
 */
import { McpError } from "../errors";
import { pureStateCrypto, type StateCrypto } from "./crypto";
import { canonicalJson, jsonString } from "./jcs";
import { DIGEST_EXCLUDED_PARAMS, TOKEN_PREFIX, type PresaPayload } from "./format";

/**
 * A number as JSON.stringify writes it. Millisecond timestamps are integers past the small-integer
 * range, which V8 writes through its slow double path: written as two small halves, they cost half.
 */
function jsonNumber(n: number): string {
  if (!Number.isFinite(n)) return "null";
  if (Number.isSafeInteger(n) && n >= 1e9) {
    const high = Math.floor(n / 1e9);
    const low = n - high * 1e9;
    return `${high}${low >= 1e8 ? low : String(low).padStart(9, "0")}`;
  }
  return String(n);
}

/**
 * The payload's JSON text: exactly what JSON.stringify(payload) gives for its seven fields in order
 * (format.test.ts holds them equal), written field by field, which is about twice as fast.
 */
export function payloadJson(payload: PresaPayload): string {
  const state = JSON.stringify(payload.s) as string | undefined;
  return (
    `{"v":${jsonNumber(payload.v)},"m":${jsonString(payload.m)},"d":${jsonString(payload.d)},"c":${jsonString(payload.c)}` +
    `,"iat":${jsonNumber(payload.iat)},"exp":${jsonNumber(payload.exp)}${state === undefined ? "" : `,"s":${state}`}}`
  );
}

/** Encodes a payload as the middle part of a token (`crypto` for the platform's base64url, default the pure one). */
export function encodePayloadPart(payload: PresaPayload, crypto: StateCrypto = pureStateCrypto): string {
  return crypto.encodeText(payloadJson(payload));
}

/**
 * The `d` field: SHA-256 of the RFC 8785 form of params minus the round-varying keys. Throws an
 * McpError of kind "state" for params JCS cannot encode (lone surrogates, non-finite numbers).
 * `crypto` computes the hash (default: the pure one; a Node server passes node:crypto's).
 */
export function paramsDigest(params: Record<string, unknown>, crypto: StateCrypto = pureStateCrypto): string {
  let canonical: string;
  try {
    // An own "__proto__" (JSON.parse makes one) is read and written like any other key.
    canonical = canonicalJson(params, DIGEST_EXCLUDED_PARAMS);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new McpError({ kind: "state", message: `params cannot be canonicalized (RFC 8785): ${why}`, cause: e });
  }
  return crypto.sha256(canonical);
}

/** The `<mac>` part: HMAC-SHA256 over `"p2." + payloadPart`. */
export function macOf(key: Uint8Array, payloadPart: string, crypto: StateCrypto = pureStateCrypto): string {
  return crypto.hmacSha256(key, `${TOKEN_PREFIX}.${payloadPart}`);
}
