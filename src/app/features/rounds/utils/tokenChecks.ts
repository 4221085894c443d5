/**
 * The token view's derivations over core/state's decoder (docs/request-state.md): what a token is,
 * how its scope compares with the call it rides on, and whether a pasted key verifies its MAC. The
 * decoder promises not to throw; these wrappers keep that promise for the UI even if it ever did.
 */
import { checkScope, decodeRequestState, verifyMac, type DecodedState, type ExpiryCheck, type ScopeCheck } from "../../../../core";
import { formatSeconds } from "../../../lib/describeRounds";

/** The call a token belongs to, as the scope check needs it. */
export interface TokenScope {
  method: string;
  params: Record<string, unknown>;
}

function why(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Decodes a token for display; any failure is an opaque token with the reason. */
export function decodeToken(token: unknown): DecodedState {
  try {
    return decodeRequestState(token);
  } catch (e) {
    return { kind: "opaque", length: typeof token === "string" ? token.length : 0, reason: `decoder error: ${why(e)}` };
  }
}

/** The server's acceptance checks (all but the MAC) for a presa token; undefined for other kinds. */
export function scopeOf(decoded: DecodedState, scope: TokenScope | undefined, now: number): ScopeCheck | { error: string } | undefined {
  if (decoded.kind !== "presa" || !scope) return undefined;
  try {
    return checkScope(decoded.payload, { method: scope.method, params: scope.params, now });
  } catch (e) {
    return { error: why(e) };
  }
}

export type MacResult = "valid" | "invalid" | "not-presa" | "empty";

/** Verifies the MAC with the key the user pasted; an empty key is no answer yet. */
export function macResult(token: string, key: string): MacResult {
  if (key.length === 0) return "empty";
  try {
    return verifyMac(token, key);
  } catch {
    return "invalid";
  }
}

/** "expires in 4 m 12 s" or "expired 12 s ago", for the presa check. */
export function expiryText(check: ExpiryCheck): string {
  return check.kind === "valid" ? `expires in ${formatSeconds(check.msLeft)}` : `expired ${formatSeconds(check.msAgo)} ago`;
}

/** The same wording for an instant (a JWT's `exp`); undefined when there is none. */
export function expiryAt(expiresAt: number | undefined, now: number): { text: string; expired: boolean } | undefined {
  if (expiresAt === undefined || !Number.isFinite(expiresAt)) return undefined;
  const check: ExpiryCheck = now < expiresAt ? { kind: "valid", msLeft: expiresAt - now } : { kind: "expired", msAgo: now - expiresAt };
  return { text: expiryText(check), expired: check.kind === "expired" };
}

/** An epoch-ms instant as ISO text, or a note when it is not a real date. */
export function isoOf(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? `${ms} (not a valid date)` : d.toISOString();
}

/** Whether a token will change over time on screen (so the view should tick once a second). */
export function hasExpiry(decoded: DecodedState): boolean {
  return decoded.kind === "presa" || (decoded.kind === "jwt" && decoded.expiresAt !== undefined);
}
