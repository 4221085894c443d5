import { describe, expect, it } from "vitest";
import { SECRET, T0, presaToken } from "../../../../../test/support/recording/builders";
import { decodeToken, expiryAt, expiryText, hasExpiry, isoOf, macResult, scopeOf } from "./tokenChecks";

const params = { name: "two-steps", arguments: {} };
const token = presaToken({ params });

describe("scopeOf", () => {
  const decoded = decodeToken(token);
  it.each([
    ["the call it was issued for", { method: "tools/call", params: { ...params, _meta: { x: 1 }, requestState: "t" } }, T0 + 1000, { ok: true, method: { kind: "match" }, params: { kind: "match" }, expiry: { kind: "valid", msLeft: 299_000 } }],
    ["another method", { method: "prompts/get", params }, T0, { ok: false, method: { kind: "mismatch", expected: "prompts/get", actual: "tools/call" } }],
    ["other arguments", { method: "tools/call", params: { name: "two-steps", arguments: { a: 1 } } }, T0, { ok: false, params: { kind: "mismatch" } }],
    ["after exp", { method: "tools/call", params }, T0 + 312_000, { ok: false, expiry: { kind: "expired", msAgo: 12_000 } }],
    ["params JCS cannot encode", { method: "tools/call", params: { name: "\ud800" } }, T0, { ok: false, params: { kind: "unknown" } }],
  ])("%s", (_name, scope, now, expected) => {
    expect(scopeOf(decoded, scope, now)).toMatchObject(expected);
  });

  it("is undefined for other kinds or without a call", () => {
    expect(scopeOf(decodeToken('{"a":1}'), { method: "tools/call", params }, T0)).toBeUndefined();
    expect(scopeOf(decoded, undefined, T0)).toBeUndefined();
  });
});

describe("macResult", () => {
  it.each([
    [token, SECRET, "valid"],
    [token, "wrong", "invalid"],
    [token, "", "empty"],
    [`${token.slice(0, -2)}AA`, SECRET, "invalid"],
    ['{"a":1}', SECRET, "not-presa"],
  ])("%#", (t, key, expected) => expect(macResult(t, key)).toBe(expected));
});

describe("decodeToken", () => {
  it.each([
    [token, "presa"],
    ["eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.c2ln", "jwt"],
    ['{"step":1}', "json"],
    ["eyJzdGVwIjoxfQ", "json"],
    ["not a token!", "opaque"],
    ["", "opaque"],
    [42, "opaque"],
    ["p2.....", "opaque"],
    ["{".repeat(100_000), "opaque"],
  ])("%#: %s", (t, kind) => expect(decodeToken(t).kind).toBe(kind));
});

describe("expiry wording", () => {
  it.each([
    [{ kind: "valid" as const, msLeft: 252_000 }, "expires in 4 m 12 s"],
    [{ kind: "expired" as const, msAgo: 12_000 }, "expired 12 s ago"],
  ])("%j", (check, text) => expect(expiryText(check)).toBe(text));

  it("expiryAt", () => {
    expect(expiryAt(undefined, T0)).toBeUndefined();
    expect(expiryAt(T0 + 5000, T0)).toEqual({ text: "expires in 5 s", expired: false });
    expect(expiryAt(T0, T0 + 3000)).toEqual({ text: "expired 3 s ago", expired: true });
  });

  it("hasExpiry and isoOf", () => {
    expect(hasExpiry(decodeToken(token))).toBe(true);
    expect(hasExpiry(decodeToken('{"a":1}'))).toBe(false);
    expect(isoOf(0)).toBe("1970-01-01T00:00:00.000Z");
    expect(isoOf(1e20)).toMatch(/not a valid date/);
  });
});
