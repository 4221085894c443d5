import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import type { ScopeInput } from "./check";
import { checkScope, verifyMac } from "./check";
import type { DecodedState } from "./decode";
import { MAX_DECODE_LENGTH, decodeRequestState } from "./decode";
import type { PresaPayload } from "./format";
import { encodePayloadPart, macOf, paramsDigest } from "./digest";
import { base64urlEncode, keyFromSecret } from "./format";

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const b64url = (text: string): string => base64urlEncode(utf8(text));
const b64 = (text: string): string => btoa(String.fromCharCode(...utf8(text)));

const T0 = 1_750_000_000_000;
const params = { name: "book", arguments: { room: "A" } };

function presaPayload(overrides: Partial<PresaPayload> = {}): PresaPayload {
  return {
    v: 2,
    m: "tools/call",
    d: paramsDigest(params),
    c: "anonymous",
    iat: T0,
    exp: T0 + 300_000,
    s: { step: 2 },
    ...overrides,
  };
}

function presaToken(payload: PresaPayload = presaPayload(), secret = "k"): string {
  const body = encodePayloadPart(payload);
  return `p2.${body}.${macOf(keyFromSecret(secret), body)}`;
}

// An HS256 JWT made by hand (RFC 7519 §3.1), so the decoder is tested against the real shape.
function hs256(header: object, claims: object, secret: string): string {
  const signingInput = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  return `${signingInput}.${base64urlEncode(hmac(sha256, utf8(secret), utf8(signingInput)))}`;
}

const jwt = hs256({ alg: "HS256", typ: "JWT" }, { sub: "u1", step: 2, exp: 1_750_000_300 }, "jwt-secret");
const mac32 = base64urlEncode(new Uint8Array(32));
// Bytes that become "-" and "_" in base64url, so the token cannot be read as standard base64.
const urlJson = '{"k":"~~~???"}';

describe("decodeRequestState", () => {
  it.each<[string, unknown, Partial<DecodedState> & { kind: DecodedState["kind"] }]>([
    ["a presa token", presaToken(), { kind: "presa", payload: presaPayload(), issuedAt: T0, expiresAt: T0 + 300_000 }],
    ["an HS256 JWT", jwt, { kind: "jwt", alg: "HS256", header: { alg: "HS256", typ: "JWT" }, exp: 1_750_000_300, expiresAt: 1_750_000_300_000 }],
    ["an unsigned JWT", `${b64url('{"alg":"none"}')}.${b64url('{"a":1}')}.`, { kind: "jwt", alg: "none", signature: "", exp: undefined }],
    ["JSON text (the conformance mock)", JSON.stringify({ kind: "request-state", nonce: "n" }), { kind: "json", encoding: "text", value: { kind: "request-state", nonce: "n" } }],
    ["a JSON array text", "[1,2]", { kind: "json", encoding: "text", value: [1, 2] }],
    ["a JSON string text", '"abc"', { kind: "json", encoding: "text", value: "abc" }],
    ["base64 JSON", b64('{"step":"é"}'), { kind: "json", encoding: "base64", value: { step: "é" } }],
    ["base64 JSON without padding", b64('{"a":1}').replace(/=+$/, ""), { kind: "json", encoding: "base64" }],
    ["base64url JSON", b64url(urlJson), { kind: "json", encoding: "base64url", value: { k: "~~~???" } }],
    ["garbage", "hello world!", { kind: "opaque", reason: "not presa, a JWT, JSON or base64 JSON" }],
    ["a random id", "a3f9c2e1-77", { kind: "opaque", length: 11 }],
    ["the empty string", "", { kind: "opaque", length: 0, reason: "empty string" }],
    ["base64 of a JSON scalar", b64("12"), { kind: "opaque" }],
    ["base64 of invalid UTF-8", base64urlEncode(new Uint8Array([0x7b, 0xff, 0x7d])), { kind: "opaque" }],
    ["broken JSON", '{"a":', { kind: "opaque", reason: "starts like JSON but does not parse" }],
    ["a p2 token with a bad payload", `p2.${b64url("[1]")}.${mac32}`, { kind: "opaque", reason: "p2 token whose payload is not a presa v2 object" }],
    ["a p2 token of version 3", `p2.${b64url('{"v":3}')}.${mac32}`, { kind: "opaque", reason: "p2 token whose payload says version 3" }],
    ["a p2 token with a short mac", `p2.${b64url("{}")}.AAAA`, { kind: "opaque", reason: expect.stringMatching(/32 bytes/) }],
    ["a p1 token, the format before", `p1.${b64url('{"v":1}')}.${mac32}`, { kind: "opaque", reason: expect.stringMatching(/older presa token \(p1\); this inspector reads p2/) }],
    ["a JWE", `${b64url('{"alg":"RSA-OAEP","enc":"A256GCM"}')}.a.b.c.d`, { kind: "opaque", reason: expect.stringMatching(/JWE/) }],
    ["a JWT with a bad payload", `${b64url('{"alg":"HS256"}')}.%%%.${mac32}`, { kind: "opaque", reason: expect.stringMatching(/payload/) }],
    ["three dotted parts that are not a JWT", "a.b.c", { kind: "opaque" }],
    ["a lone surrogate", "\ud800", { kind: "opaque", length: 1 }],
    ["JSON text holding a lone surrogate", '["\udc00"]', { kind: "json", value: ["\udc00"] }],
    ["a number", 42, { kind: "opaque", reason: "not a string (number)" }],
    ["null", null, { kind: "opaque", reason: "not a string (null)" }],
    ["a huge string", "A".repeat(MAX_DECODE_LENGTH + 1), { kind: "opaque", reason: "too large to decode", length: MAX_DECODE_LENGTH + 1 }],
  ])("%s", (_name, token, expected) => {
    expect(decodeRequestState(token)).toMatchObject(expected);
  });

  it("keeps the JWT's parts", () => {
    const decoded = decodeRequestState(jwt);
    expect(decoded.kind).toBe("jwt");
    if (decoded.kind === "jwt") {
      expect(decoded.payload).toEqual({ sub: "u1", step: 2, exp: 1_750_000_300 });
      expect(decoded.signature).toBe(jwt.split(".")[2]);
    }
  });

  it("keeps the presa parts", () => {
    const token = presaToken();
    const decoded = decodeRequestState(token);
    if (decoded.kind !== "presa") throw new Error(`expected presa, got ${decoded.kind}`);
    expect(`${decoded.parts.prefix}.${decoded.parts.payload}.${decoded.parts.mac}`).toBe(token);
  });

  it("stays fast on deep and dotted inputs under the cap", () => {
    const inputs = ["[".repeat(MAX_DECODE_LENGTH), ".".repeat(MAX_DECODE_LENGTH), `p2.${"[".repeat(500_000)}.x`];
    for (const input of inputs) expect(decodeRequestState(input).kind).toBe("opaque");
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    expect(decodeRequestState(deep).kind).toBe("json");
  });

  it("never throws on random strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (s) => {
        const decoded = decodeRequestState(s);
        expect(decoded.kind).toMatch(/^(presa|jwt|json|opaque)$/);
        // The last-resort catch must stay unused: every step returns instead of throwing.
        expect(decoded.kind === "opaque" ? decoded.reason : "").not.toMatch(/^decoder error/);
      }),
      { numRuns: 3000 },
    );
  });

  it("never throws on random bytes in every encoding, or on mangled real tokens", () => {
    const bytes = fc.uint8Array({ maxLength: 300 });
    const candidates = fc.oneof(
      bytes.map((b) => base64urlEncode(b)),
      bytes.map((b) => btoa(String.fromCharCode(...b))),
      bytes.map((b) => String.fromCharCode(...b)),
      fc.tuple(bytes, bytes).map(([a, b]) => `p2.${base64urlEncode(a)}.${base64urlEncode(b)}`),
      fc.tuple(bytes, bytes, bytes).map((xs) => xs.map((x) => base64urlEncode(x)).join(".")),
      fc.tuple(fc.constantFrom(presaToken(), jwt), fc.nat(), fc.string({ unit: "binary", maxLength: 3 })).map(
        ([t, at, insert]) => t.slice(0, at % t.length) + insert + t.slice((at % t.length) + 1),
      ),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      // Raw UTF-16 code units: the only way to get lone surrogates, which "binary" strings never hold.
      fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 200 }).map((units) => String.fromCharCode(...units)),
      fc.array(fc.integer({ min: 0xd800, max: 0xdfff }), { maxLength: 8 }).map((units) => `{"s":"${String.fromCharCode(...units)}"}`),
    );
    fc.assert(
      fc.property(candidates, (s) => {
        const decoded = decodeRequestState(s);
        expect(decoded.kind === "opaque" ? decoded.reason : "").not.toMatch(/^decoder error/);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("checkScope", () => {
  const base: ScopeInput = { method: "tools/call", params, now: T0 + 1000 };

  it("matches the call it was issued for", () => {
    expect(checkScope(presaPayload(), base)).toEqual({
      ok: true,
      method: { kind: "match", method: "tools/call" },
      params: { kind: "match", digest: paramsDigest(params) },
      expiry: { kind: "valid", msLeft: 299_000 },
      caller: { kind: "unknown" },
    });
  });

  it.each<[string, Partial<ScopeInput>, Record<string, unknown>, boolean]>([
    ["the retry's extra params", { params: { ...params, inputResponses: {}, requestState: "x", _meta: {} } }, { params: { kind: "match" } }, true],
    ["another method", { method: "prompts/get" }, { method: { kind: "mismatch", expected: "prompts/get", actual: "tools/call" } }, false],
    ["changed arguments", { params: { name: "book", arguments: { room: "B" } } }, { params: { kind: "mismatch", actual: paramsDigest(params) } }, false],
    ["unencodable params", { params: { name: "\ud800" } }, { params: { kind: "unknown", reason: expect.stringMatching(/RFC 8785/) } }, false],
    ["past expiry", { now: T0 + 312_000 }, { expiry: { kind: "expired", msAgo: 12_000 } }, false],
    ["exactly at exp", { now: T0 + 300_000 }, { expiry: { kind: "expired", msAgo: 0 } }, false],
    ["the same caller", { caller: "anonymous" }, { caller: { kind: "match" } }, true],
    ["another caller", { caller: "someone" }, { caller: { kind: "mismatch" } }, false],
  ])("%s", (_name, change, expected, ok) => {
    const check = checkScope(presaPayload(), { ...base, ...change });
    expect(check).toMatchObject(expected);
    expect(check.ok).toBe(ok);
  });
});

describe("verifyMac", () => {
  it.each([
    ["the right secret", presaToken(presaPayload(), "k"), "k", "valid"],
    ["another secret", presaToken(presaPayload(), "k"), "K", "invalid"],
    ["an empty secret", presaToken(presaPayload(), "k"), "", "invalid"],
    ["a changed payload", presaToken(presaPayload(), "k").replace(/\.(.)/, (_m, c: string) => `.${c === "e" ? "f" : "e"}`), "k", "invalid"],
    ["a JWT", jwt, "jwt-secret", "not-presa"],
    ["JSON text", "{}", "k", "not-presa"],
    ["the empty string", "", "k", "not-presa"],
  ])("%s -> %s", (_name, token, secret, expected) => {
    expect(verifyMac(token, secret)).toBe(expected);
  });
});
