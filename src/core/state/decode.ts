/**
 * Reads a requestState token for display. Servers choose their own token format, so this names
 * what it can (presa v2, a JWT, JSON, base64 JSON) and calls the rest opaque. Pure, and it never
 * throws: the input comes from a server the user is inspecting, which may be broken or hostile.
 */
import type { JsonObject, JsonValue } from "../protocol/types";
import { isObject } from "../util/isObject";
import type { PresaParts, PresaPayload } from "./format";
import { TOKEN_PREFIX, TOKEN_VERSION, base64Decode, base64urlDecode, isPresaPayload, parseJsonText, readPayloadPart, splitToken, utf8DecodeStrict } from "./format";

/** Tokens longer than this are not decoded, so a hostile server cannot make the UI do unbounded work. */
export const MAX_DECODE_LENGTH = 1024 * 1024;

/** What a token turned out to be; only `presa` can be checked against its call. Times are epoch ms. */
export type DecodedState =
  | { kind: "presa"; payload: PresaPayload; parts: PresaParts; issuedAt: number; expiresAt: number }
  | {
      kind: "jwt";
      header: JsonObject;
      payload: JsonValue;
      /** The third part, kept as text: the signature is not verified. */
      signature: string;
      alg: string;
      /** The `exp` claim as sent (seconds, RFC 7519 §4.1.4), and the same instant in ms. */
      exp: number | undefined;
      expiresAt: number | undefined;
    }
  | { kind: "json"; value: JsonValue; encoding: "text" | "base64" | "base64url" }
  | { kind: "opaque"; length: number; reason: string };

function opaque(token: string, reason: string): DecodedState {
  return { kind: "opaque", length: token.length, reason };
}

function decodePresa(token: string): DecodedState {
  const parts = splitToken(token);
  if (parts === null) return opaque(token, `starts with ${TOKEN_PREFIX}. but is not ${TOKEN_PREFIX}.<base64url>.<base64url of 32 bytes>`);
  const payload = readPayloadPart(parts.payload);
  if (!isPresaPayload(payload)) {
    const v = isObject(payload) ? payload.v : undefined;
    return opaque(
      token,
      v !== undefined && v !== TOKEN_VERSION
        ? `${TOKEN_PREFIX} token whose payload says version ${JSON.stringify(v) ?? "?"}`
        : `${TOKEN_PREFIX} token whose payload is not a presa v${TOKEN_VERSION} object`,
    );
  }
  return { kind: "presa", payload, parts, issuedAt: payload.iat, expiresAt: payload.exp };
}

function jsonOfBase64url(part: string): unknown {
  const bytes = base64urlDecode(part);
  const text = bytes === null ? null : utf8DecodeStrict(bytes);
  return text === null ? undefined : parseJsonText(text);
}

// A JWS header is a JSON object with an `alg` string (RFC 7515 §4.1.1); that is what marks a JWT.
function jwtHeader(part: string): JsonObject | undefined {
  const header = jsonOfBase64url(part);
  return isObject(header) && typeof header.alg === "string" ? (header as JsonObject) : undefined;
}

function decodeJwt(token: string, parts: string[]): DecodedState | undefined {
  const [head, body, signature] = parts;
  if (head === undefined || body === undefined || signature === undefined) return undefined;
  const header = jwtHeader(head);
  if (header === undefined || typeof header.alg !== "string") return undefined;
  if (base64urlDecode(signature) === null) return opaque(token, "JWT header, but the signature part is not base64url");
  const payload = jsonOfBase64url(body);
  if (payload === undefined) return opaque(token, "JWT header, but the payload is not base64url JSON");
  const exp = isObject(payload) && typeof payload.exp === "number" && Number.isFinite(payload.exp) ? payload.exp : undefined;
  return {
    kind: "jwt",
    header,
    payload: payload as JsonValue,
    signature,
    alg: header.alg,
    exp,
    expiresAt: exp === undefined ? undefined : exp * 1000,
  };
}

// Base64 JSON counts only as an object or array: short random text often decodes to a JSON scalar.
function decodeBase64Json(token: string): DecodedState | undefined {
  const url = /[-_]/.test(token);
  const bytes = url ? base64urlDecode(token) : base64Decode(token);
  const text = bytes === null ? null : utf8DecodeStrict(bytes);
  const value = text === null ? undefined : parseJsonText(text);
  if (typeof value !== "object" || value === null) return undefined;
  return { kind: "json", value: value as JsonValue, encoding: url ? "base64url" : "base64" };
}

// The formats presa servers wrote before this one (p1: `c` was a digest of the caller).
const OLDER_PREFIX = /^p1\./;

function decodeUnguarded(token: string): DecodedState {
  if (token.startsWith(`${TOKEN_PREFIX}.`)) return decodePresa(token);
  if (OLDER_PREFIX.test(token)) {
    return opaque(token, `an older presa token (${token.slice(0, 2)}); this inspector reads ${TOKEN_PREFIX}, so the server's presa is older than the inspector's`);
  }
  // A limit keeps a string of a million dots from becoming a million-element array.
  const parts = token.split(".", 6);
  if (parts.length === 3) {
    const jwt = decodeJwt(token, parts);
    if (jwt !== undefined) return jwt;
  }
  if (parts.length === 5 && parts[0] !== undefined && jwtHeader(parts[0]) !== undefined) {
    return opaque(token, "an encrypted JWT (JWE): it cannot be read without its key");
  }
  // The official conformance mock sends JSON text itself, e.g. JSON.stringify({...}).
  const text = parseJsonText(token);
  if (text !== undefined) return { kind: "json", value: text as JsonValue, encoding: "text" };
  const trimmed = token.trimStart();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) return opaque(token, "starts like JSON but does not parse");
  return decodeBase64Json(token) ?? opaque(token, "not presa, a JWT, JSON or base64 JSON");
}

/** Names and decodes a requestState token for display; never throws, whatever the input. */
export function decodeRequestState(token: unknown): DecodedState {
  if (typeof token !== "string") {
    return { kind: "opaque", length: 0, reason: `not a string (${token === null ? "null" : typeof token})` };
  }
  if (token.length === 0) return opaque(token, "empty string");
  if (token.length > MAX_DECODE_LENGTH) return opaque(token, "too large to decode");
  try {
    return decodeUnguarded(token);
  } catch (e) {
    // Every step above returns rather than throws; this only keeps the promise if one ever does.
    return opaque(token, `decoder error: ${e instanceof Error ? e.message : String(e)}`);
  }
}
