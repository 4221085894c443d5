/**
 * Checks a presa token against its call (method, params digest, expiry, caller) and its MAC against a
 * secret the user typed in, as a server would, for the UI. Apart from decode.ts, which only reads a
 * token: these need the hashes (./digest.ts), so the app loads them with the rounds view, not at start.
 */
import { MAX_DECODE_LENGTH } from "./decode";
import { macOf, paramsDigest } from "./digest";
import { constantTimeEqual, keyFromSecret, splitToken, type PresaPayload } from "./format";

/** The call a token rides on; `caller` is the identity the server's transport gives, when the inspector knows it. */
export interface ScopeInput {
  method: string;
  params: Record<string, unknown>;
  now: number;
  caller?: string;
}

/** `expected` is what the request has (and the server will demand); `actual` is what the token says. */
export type MethodCheck = { kind: "match"; method: string } | { kind: "mismatch"; expected: string; actual: string };
/** Params digests compared; `unknown` when the request's params cannot be canonicalized. */
export type ParamsCheck =
  | { kind: "match"; digest: string }
  | { kind: "mismatch"; expected: string; actual: string }
  | { kind: "unknown"; reason: string };
/** Whether the token is still before its `exp`, the server's rule (now < exp). */
export type ExpiryCheck = { kind: "valid"; msLeft: number } | { kind: "expired"; msAgo: number };
/** Callers compared; `unknown` when no caller was given to compare with. */
export type CallerCheck = { kind: "match" } | { kind: "mismatch" } | { kind: "unknown" };

/** One result per acceptance check a server makes, except the MAC (see verifyMac). */
export interface ScopeCheck {
  /** True when nothing known fails: method and params match, not expired, caller not a mismatch. */
  ok: boolean;
  method: MethodCheck;
  params: ParamsCheck;
  expiry: ExpiryCheck;
  caller: CallerCheck;
}

/** Checks a decoded presa payload against the call it belongs to, as a server would, for the UI. */
export function checkScope(payload: PresaPayload, input: ScopeInput): ScopeCheck {
  const method: MethodCheck =
    payload.m === input.method
      ? { kind: "match", method: input.method }
      : { kind: "mismatch", expected: input.method, actual: payload.m };

  let params: ParamsCheck;
  try {
    const digest = paramsDigest(input.params);
    params = digest === payload.d ? { kind: "match", digest } : { kind: "mismatch", expected: digest, actual: payload.d };
  } catch (e) {
    params = { kind: "unknown", reason: e instanceof Error ? e.message : String(e) };
  }

  const expiry: ExpiryCheck =
    input.now < payload.exp ? { kind: "valid", msLeft: payload.exp - input.now } : { kind: "expired", msAgo: input.now - payload.exp };

  const caller: CallerCheck =
    input.caller === undefined
      ? { kind: "unknown" }
      : input.caller === payload.c
        ? { kind: "match" }
        : { kind: "mismatch" };

  const ok = method.kind === "match" && params.kind === "match" && expiry.kind === "valid" && caller.kind !== "mismatch";
  return { ok, method, params, expiry, caller };
}

/** Checks a presa token's MAC with the server's `stateSecret`, which the user typed in. */
export function verifyMac(token: string, secret: string): "valid" | "invalid" | "not-presa" {
  if (typeof token !== "string" || token.length > MAX_DECODE_LENGTH) return "not-presa";
  const parts = splitToken(token);
  if (parts === null) return "not-presa";
  return constantTimeEqual(macOf(keyFromSecret(secret), parts.payload), parts.mac) ? "valid" : "invalid";
}
