/**
 * Signs and verifies requestState tokens in the presa v2 format (docs/request-state.md), so a
 * handler can keep its state in the client's hands without trusting what comes back.
 */
import {
  type JsonValue,
  isObject,
  ErrorCode,
  McpError,
  type PresaPayload,
  type StateFailureReason,
  TOKEN_PREFIX,
  TOKEN_VERSION,
  constantTimeEqual,
  encodePayloadPart,
  hasPresaFields,
  keyFromSecret,
  paramsDigest,
  parseJsonText,
  splitTokenDecoded,
  type StateCrypto,
} from "../core/protocol";
// node:crypto on Node, the core's pure-JS hashing in a page (package.json "imports", by condition).
import { platformCrypto } from "#platform-crypto";

/** The hashing this platform gives: the default of `server({ stateCrypto })` and of the functions below. */
export const defaultStateCrypto: StateCrypto = platformCrypto;

/** Tokens longer than this are refused unread: a hostile client could send huge ones. */
export const MAX_TOKEN_LENGTH = 64 * 1024;

/** The default `stateTtlMs` (docs/request-state.md, the `exp` field). */
export const DEFAULT_STATE_TTL_MS = 300_000;

/** What a token is bound to: the request that carries it and who sent it. */
export interface StateScope {
  method: string;
  params: Record<string, unknown>;
  /**
   * Who sent it, as the transport identifies them; written into the token as it is (the `c` field,
   * readable by whoever holds the token), so it is an identity, never a credential: on HTTP `auth:`
   * and a SHA-256 of the Authorization header, or "anonymous".
   */
  caller: string;
}

export type { StateFailureReason };

/** The outcome of verifyState: the state on success, else the failed check and a readable message. */
export type VerifyResult =
  | { ok: true; state: JsonValue; payload: PresaPayload }
  | { ok: false; reason: StateFailureReason; message: string };

/** The HMAC key: the UTF-8 bytes of `secret` when given, else 32 random bytes for this server's life. */
export function createStateKey(secret?: string): Uint8Array {
  if (secret !== undefined) {
    // An empty key would make every token forgeable by anyone who guesses it.
    if (secret.length === 0) throw new McpError({ kind: "state", message: "stateSecret must not be empty" });
    return keyFromSecret(secret);
  }
  const random = globalThis.crypto?.getRandomValues;
  if (typeof random !== "function") {
    throw new McpError({ kind: "state", message: "no crypto.getRandomValues here; set stateSecret instead" });
  }
  return globalThis.crypto.getRandomValues(new Uint8Array(32));
}

/** Signs `state` for one method, params and caller, valid for `ttlMs` from `now`, hashing with `crypto`. */
export function signState(
  key: Uint8Array,
  state: JsonValue,
  scope: StateScope,
  now: number,
  ttlMs: number,
  crypto: StateCrypto = defaultStateCrypto,
): string {
  if (!Number.isFinite(now) || !Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new McpError({ kind: "state", message: `requestState needs a finite now and a positive ttlMs, got ${now} and ${ttlMs}` });
  }
  const payload: PresaPayload = {
    v: TOKEN_VERSION,
    m: scope.method,
    d: paramsDigest(scope.params, crypto),
    c: scope.caller,
    iat: now,
    exp: now + ttlMs,
    s: state,
  };
  // The MAC covers "p2." + payload, the token's head: made once, signed as it is (macOf's input).
  const head = `${TOKEN_PREFIX}.${encodePayloadPart(payload, crypto)}`;
  const token = `${head}.${crypto.hmacSha256(key, head)}`;
  // Refuse here rather than hand out a token this server would refuse on the way back.
  if (token.length > MAX_TOKEN_LENGTH) {
    throw new McpError({
      kind: "state",
      message: `requestState would be ${token.length} characters, over the ${MAX_TOKEN_LENGTH} cap; keep handler state small`,
    });
  }
  return token;
}

function fail(reason: StateFailureReason, message: string): VerifyResult {
  return { ok: false, reason, message };
}

// "350 ms", "12 s", "5 min": whole units read better in an error message than raw milliseconds.
function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

/** Why a token that did not pass the MAC check is refused: malformed, another format, or the signature. */
function refusal(token: string): VerifyResult {
  const split = splitTokenDecoded(token);
  if (split === null) {
    // A different pN prefix is a format this server does not speak, not garbage.
    const prefix = token.split(".", 1)[0] ?? "";
    if (/^p\d{1,6}$/.test(prefix) && prefix !== TOKEN_PREFIX) {
      return fail("version", `requestState is format ${prefix}; this server reads ${TOKEN_PREFIX}`);
    }
    return fail("malformed", `requestState is not a ${TOKEN_PREFIX}.<payload>.<mac> token with base64url parts and a 32-byte MAC`);
  }
  // Well-formed: the MAC was checked on this very text and did not match.
  return fail(
    "signature",
    "requestState signature does not match: it was changed, or signed with another key (a restarted server makes a new one unless stateSecret is set)",
  );
}

/**
 * Checks a token against the request that carries it, in the order of docs/request-state.md:
 * MAC, version, method, params, caller, expiry. Nothing in the payload is read before the MAC holds.
 */
export function verifyState(key: Uint8Array, token: unknown, scope: StateScope, now: number, crypto: StateCrypto = defaultStateCrypto): VerifyResult {
  if (typeof token !== "string") {
    return fail("malformed", `requestState must be a string, got ${token === null ? "null" : typeof token}`);
  }
  if (token.length > MAX_TOKEN_LENGTH) {
    return fail("malformed", `requestState is ${token.length} characters, over the ${MAX_TOKEN_LENGTH} cap`);
  }
  // The usual token is one this server made: its MAC is checked on the text as it came, and only
  // then is the payload decoded (by the platform, which need not be strict about text it signed).
  // Anything else takes the strict path below, which names why it is refused.
  const start = TOKEN_PREFIX.length + 1;
  const dot = token.indexOf(".", start);
  const shaped = token.startsWith(`${TOKEN_PREFIX}.`) && dot > start && token.length - dot - 1 === 43 && token.indexOf(".", dot + 1) === -1;
  // token.slice(0, dot) is "p2." + payload, the text macOf signs.
  if (!shaped || !constantTimeEqual(crypto.hmacSha256(key, token.slice(0, dot)), token.slice(dot + 1))) return refusal(token);
  const text = crypto.decodeText(token.slice(start, dot));
  const raw = text === null ? undefined : parseJsonText(text);
  if (!isObject(raw)) return fail("malformed", "requestState payload is not a JSON object");
  if (raw.v !== TOKEN_VERSION) return fail("version", `requestState payload is version ${JSON.stringify(raw.v) ?? "missing"}; this server reads ${TOKEN_VERSION}`);
  // JSON.parse only makes JSON values, so `s` needs no walk (isPresaPayload checks it for any value).
  if (!hasPresaFields(raw)) return fail("malformed", "requestState payload lacks a field of v, m, d, c, iat, exp, s or has one of the wrong type");
  // v is TOKEN_VERSION (checked above), the rest by hasPresaFields: a whole v2 payload.
  const payload = raw as typeof raw & PresaPayload;

  if (payload.m !== scope.method) {
    return fail("method", `requestState was issued for ${payload.m}, not ${scope.method}`);
  }
  let digest: string;
  try {
    digest = paramsDigest(scope.params, crypto);
  } catch (e) {
    return fail("params", e instanceof Error ? e.message : String(e));
  }
  // The digest and the caller are no secret (anyone can read the payload, and the MAC above has
  // vouched for it): a plain compare. Only the MAC is compared in constant time.
  if (digest !== payload.d) {
    return fail("params", "requestState was issued for other params (arguments or name changed)");
  }
  if (scope.caller !== payload.c) {
    return fail("caller", "requestState was issued to another caller");
  }
  if (!(now < payload.exp)) {
    return fail("expired", `requestState expired ${formatDuration(now - payload.exp)} ago`);
  }
  return { ok: true, state: payload.s, payload };
}

/** A refusal as the -32602 error the server answers with (docs/request-state.md, last paragraph). */
export function stateFailureError(failure: { reason: StateFailureReason; message: string }): McpError {
  return new McpError({
    kind: "state",
    code: ErrorCode.InvalidParams,
    message: failure.message,
    data: { reason: failure.reason },
  });
}
