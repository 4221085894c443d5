import { describe, expect, it } from "vitest";
import type { StateScope, StateFailureReason } from "./token";
import { MAX_TOKEN_LENGTH, createStateKey, signState, stateFailureError, verifyState } from "./token";
import { base64urlDecode, base64urlEncode, macOf, type JsonValue, McpError } from "../core";
import { encodePayloadPart, type PresaPayload } from "../core/protocol";

const T0 = 1_750_000_000_000;
const TTL = 300_000;
const key = createStateKey("test-secret");
const scope: StateScope = {
  method: "tools/call",
  params: { name: "book", arguments: { room: "A", seats: 2 } },
  caller: "anonymous",
};
const state: JsonValue = { step: "awaiting-details", answers: [1, "two", null] };
const token = signState(key, state, scope, T0, TTL);

// Changes one character of a part to another base64url character that still decodes.
function flipChar(part: string, index: number): string {
  const c = part[index] ?? "A";
  const next = c === "A" ? "B" : "A";
  return part.slice(0, index) + next + part.slice(index + 1);
}

// Flips the low bit of one byte of the decoded payload and encodes it again.
function flipByte(part: string, index: number): string {
  const bytes = base64urlDecode(part) ?? new Uint8Array();
  bytes[index] = (bytes[index] ?? 0) ^ 1;
  return base64urlEncode(bytes);
}

function parts(t: string): [string, string, string] {
  const [p, payload, mac] = t.split(".");
  return [p ?? "", payload ?? "", mac ?? ""];
}

describe("signState / verifyState", () => {
  it("round-trips the state", () => {
    const result = verifyState(key, token, scope, T0 + 1000);
    expect(result).toMatchObject({ ok: true, state });
    if (result.ok) expect(result.payload).toMatchObject({ v: 2, m: "tools/call", c: scope.caller, iat: T0, exp: T0 + TTL });
  });

  it.each<[string, JsonValue]>([
    ["null", null],
    ["a number", 42],
    ["a string with a lone surrogate", "x\ud800y"],
    ["unicode", { "ключ": "値 🎉" }],
    ["a deep array", [[[[[]]]]]],
  ])("round-trips %s", (_name, value) => {
    const t = signState(key, value, scope, T0, TTL);
    const result = verifyState(key, t, scope, T0);
    expect(result.ok && result.state).toEqual(value);
  });

  it("has the p2.<payload>.<mac> shape", () => {
    const [p, payload, mac] = parts(token);
    expect(p).toBe("p2");
    expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(base64urlDecode(mac)?.length).toBe(32);
  });

  it.each(["", 'a "quoted" caller\\', "ключ 🎉", "x\ud800y", "auth:" + "A".repeat(43)])("binds the caller %j as it is", (caller) => {
    const t = signState(key, state, { ...scope, caller }, T0, TTL);
    const result = verifyState(key, t, { ...scope, caller }, T0);
    expect(result.ok && result.payload.c).toBe(caller);
    // A caller that only starts or ends like it is another caller.
    for (const other of [`${caller}x`, `x${caller}`, caller.slice(1)]) {
      if (other === caller) continue;
      expect(verifyState(key, t, { ...scope, caller: other }, T0)).toMatchObject({ ok: false, reason: "caller" });
    }
  });

  it("ignores inputResponses, requestState and _meta in the retry's params", () => {
    const retry: StateScope = {
      ...scope,
      params: { ...scope.params, inputResponses: { q: { action: "accept" } }, requestState: token, _meta: { a: 1 } },
    };
    expect(verifyState(key, token, retry, T0).ok).toBe(true);
  });

  it("does not care about params key order", () => {
    const reordered: StateScope = { ...scope, params: { arguments: { seats: 2, room: "A" }, name: "book" } };
    expect(verifyState(key, token, reordered, T0).ok).toBe(true);
  });
});

describe("verifyState refuses", () => {
  const [p, payload, mac] = parts(token);
  const otherKey = createStateKey();
  const forged = (fields: Partial<PresaPayload>, signWith = key): string => {
    const body = encodePayloadPart({ v: 2, m: "tools/call", d: "x", c: "y", iat: T0, exp: T0 + TTL, s: null, ...fields });
    return `p2.${body}.${macOf(signWith, body)}`;
  };

  it.each<[string, unknown, StateScope, number, StateFailureReason, RegExp]>([
    ["a flipped payload char", `${p}.${flipChar(payload, 5)}.${mac}`, scope, T0, "signature", /signature does not match/],
    ["a flipped payload byte", `${p}.${flipByte(payload, 10)}.${mac}`, scope, T0, "signature", /signature does not match/],
    ["a flipped mac byte", `${p}.${payload}.${flipByte(mac, 31)}`, scope, T0, "signature", /signature does not match/],
    ["a flipped last payload char", `${p}.${flipChar(payload, payload.length - 1)}.${mac}`, scope, T0, "signature", /./],
    ["a flipped mac char", `${p}.${payload}.${flipChar(mac, 0)}`, scope, T0, "signature", /another key/],
    ["another key (restart)", signState(otherKey, state, scope, T0, TTL), scope, T0, "signature", /stateSecret/],
    ["a changed argument", token, { ...scope, params: { name: "book", arguments: { room: "B", seats: 2 } } }, T0, "params", /other params/],
    ["an added argument", token, { ...scope, params: { name: "book", arguments: { room: "A", seats: 2, x: 0 } } }, T0, "params", /arguments or name/],
    ["a changed tool name", token, { ...scope, params: { name: "cancel", arguments: { room: "A", seats: 2 } } }, T0, "params", /other params/],
    ["another method", token, { ...scope, method: "prompts/get" }, T0, "method", /^requestState was issued for tools\/call, not prompts\/get$/],
    ["another caller", token, { ...scope, caller: "sha256:abc" }, T0, "caller", /another caller/],
    ["a token past expiry", token, scope, T0 + TTL + 12_000, "expired", /^requestState expired 12 s ago$/],
    ["a token at exactly exp", token, scope, T0 + TTL, "expired", /expired 0 ms ago/],
    ["a non-string", 42, scope, T0, "malformed", /must be a string, got number/],
    ["null", null, scope, T0, "malformed", /got null/],
    ["an empty string", "", scope, T0, "malformed", /p2\.<payload>\.<mac>/],
    ["garbage", "hello world", scope, T0, "malformed", /base64url/],
    ["a truncated mac", `${p}.${payload}.${mac.slice(0, -2)}`, scope, T0, "malformed", /32-byte MAC/],
    ["an extra part", `${token}.x`, scope, T0, "malformed", /./],
    ["a p1 token (the format before)", `p1.${payload}.${mac}`, scope, T0, "version", /format p1; this server reads p2/],
    ["a p3 token", `p3.${payload}.${mac}`, scope, T0, "version", /format p3; this server reads p2/],
    ["a huge token", `p2.${"A".repeat(MAX_TOKEN_LENGTH)}.${mac}`, scope, T0, "malformed", /over the 65536 cap/],
    ["a signed v1 payload", forged({ v: 1 as 2 }), scope, T0, "version", /version 1; this server reads 2/],
    ["a signed non-JSON payload", `p2.AAAA.${macOf(key, "AAAA")}`, scope, T0, "malformed", /not a JSON object/],
  ])("%s", (_name, input, against, now, reason, message) => {
    const result = verifyState(key, input, against, now);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toBe(reason);
      expect(result.message).toMatch(message);
    }
  });

  it("refuses params JCS cannot encode, as a params failure", () => {
    const result = verifyState(key, token, { ...scope, params: { name: "\udc00" } }, T0);
    expect(result).toMatchObject({ ok: false, reason: "params", message: expect.stringMatching(/RFC 8785/) });
  });

  it("checks the MAC before the payload: a forged method reads as a signature failure", () => {
    const result = verifyState(key, forged({ m: "prompts/get" }, otherKey), scope, T0);
    expect(result).toMatchObject({ ok: false, reason: "signature" });
  });

  it("reports every single-character change of the token", () => {
    for (let i = 0; i < token.length; i++) {
      if (token[i] === ".") continue;
      const changed = token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
      const result = verifyState(key, changed, scope, T0);
      expect(result.ok, `index ${i}`).toBe(false);
    }
  });

  it("uses minutes for long-expired tokens", () => {
    const result = verifyState(key, token, scope, T0 + TTL + 5 * 60_000);
    expect(!result.ok && result.message).toBe("requestState expired 5 min ago");
  });
});

describe("createStateKey", () => {
  it("makes 32 random bytes without a secret", () => {
    const a = createStateKey();
    const b = createStateKey();
    expect(a.length).toBe(32);
    expect(base64urlEncode(a)).not.toBe(base64urlEncode(b));
  });

  it("uses the secret's UTF-8 bytes, so two servers with one secret accept each other's tokens", () => {
    expect(createStateKey("s")).toEqual(new Uint8Array([0x73]));
    const t = signState(createStateKey("shared"), state, scope, T0, TTL);
    expect(verifyState(createStateKey("shared"), t, scope, T0).ok).toBe(true);
  });

  it("refuses an empty secret", () => {
    expect(() => createStateKey("")).toThrow(/must not be empty/);
  });
});

describe("signState guards", () => {
  it.each([
    ["zero ttl", T0, 0],
    ["negative ttl", T0, -1],
    ["NaN now", Number.NaN, TTL],
  ])("refuses %s", (_name, now, ttl) => {
    expect(() => signState(key, state, scope, now, ttl)).toThrow(McpError);
  });

  it("refuses state that would make a token over the cap", () => {
    expect(() => signState(key, "x".repeat(MAX_TOKEN_LENGTH), scope, T0, TTL)).toThrow(/over the 65536 cap/);
  });
});

describe("stateFailureError", () => {
  it("is a -32602 state error carrying the reason", () => {
    const result = verifyState(key, token, { ...scope, method: "prompts/get" }, T0);
    if (result.ok) throw new Error("expected a refusal");
    const error = stateFailureError(result);
    expect(error.toJson()).toEqual({ code: -32602, message: result.message, data: { reason: "method" } });
    expect(error.kind).toBe("state");
  });
});
