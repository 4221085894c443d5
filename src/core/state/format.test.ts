import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { sha256 } from "@noble/hashes/sha2.js";
import { macOf, paramsDigest } from "./digest";
import { base64Decode, base64urlDecode, base64urlEncode, constantTimeEqual, isJsonValue, isPresaPayload, keyFromSecret, splitToken, splitTokenDecoded } from "./format";
import { McpError } from "../errors";

const utf8 = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);
const digestOf = (text: string): string => base64urlEncode(sha256(utf8(text)));

describe("base64url", () => {
  // RFC 4648 §10 vectors, unpadded.
  it.each([
    ["", ""],
    ["f", "Zg"],
    ["fo", "Zm8"],
    ["foo", "Zm9v"],
    ["foob", "Zm9vYg"],
    ["fooba", "Zm9vYmE"],
    ["foobar", "Zm9vYmFy"],
  ])("encodes %j as %j and back", (text, encoded) => {
    expect(base64urlEncode(utf8(text))).toBe(encoded);
    expect(base64urlDecode(encoded)).toEqual(utf8(text));
  });

  it("uses - and _ where base64 has + and /", () => {
    expect(base64urlEncode(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe("-_-_");
  });

  it.each([
    ["padding", "Zg=="],
    ["one padding char", "Zm8="],
    ["length 1 mod 4", "Zm9vY"],
    ["standard alphabet +", "+/+/"],
    ["non-zero trailing bits", "Zh"],
    ["space", "Zm 9v"],
    ["non-ASCII", "Zm9é"],
    ["lone surrogate", "Zm\ud800v"],
    ["dot", "Zm.v"],
  ])("refuses %s (%j)", (_name, text) => {
    expect(base64urlDecode(text)).toBeNull();
  });

  it("round-trips any bytes, and agrees with btoa", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const encoded = base64urlEncode(bytes);
        expect(base64urlDecode(encoded)).toEqual(bytes);
        const viaBtoa = btoa(String.fromCharCode(...bytes)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
        expect(encoded).toBe(viaBtoa);
      }),
      { numRuns: 500 },
    );
  });
});

describe("base64 (standard)", () => {
  it.each([
    ["Zg==", "f"],
    ["Zg", "f"],
    ["Zm8=", "fo"],
    ["Zm9v", "foo"],
    ["", ""],
  ])("decodes %j", (text, expected) => {
    expect(base64Decode(text)).toEqual(utf8(expected));
  });

  it.each(["Zg=", "Zm9v====", "Zm9v=", "-_-_", "Zh==", "Z===", "=", "=="])("refuses %j", (text) => {
    expect(base64Decode(text)).toBeNull();
  });
});

describe("paramsDigest", () => {
  it("hashes the RFC 8785 form", () => {
    const params = { name: "x", arguments: { b: [true, null], a: 1.0 } };
    expect(paramsDigest(params)).toBe(digestOf('{"arguments":{"a":1,"b":[true,null]},"name":"x"}'));
    expect(paramsDigest({})).toBe(digestOf("{}"));
  });

  it.each([
    ["inputResponses", { inputResponses: { q: { action: "accept" } } }],
    ["requestState", { requestState: "p1.abc.def" }],
    ["_meta", { _meta: { progressToken: 7 } }],
    ["all three", { _meta: {}, requestState: "", inputResponses: {} }],
  ])("ignores top-level %s", (_name, extra) => {
    const base = { name: "t", arguments: { a: 1 } };
    expect(paramsDigest({ ...base, ...extra })).toBe(paramsDigest(base));
  });

  it("keeps a top-level __proto__ key as data (JSON.parse makes it an own property)", () => {
    const params = JSON.parse('{"name":"t","__proto__":{"x":1}}') as Record<string, unknown>;
    expect(paramsDigest(params)).toBe(digestOf('{"__proto__":{"x":1},"name":"t"}'));
    expect(paramsDigest(params)).not.toBe(paramsDigest({ name: "t" }));
  });

  it("keeps nested _meta, which is part of the arguments", () => {
    expect(paramsDigest({ arguments: { _meta: 1 } })).not.toBe(paramsDigest({ arguments: {} }));
  });

  it("does not depend on key order", () => {
    const a = { name: "t", arguments: { x: 1, y: { p: [1, 2], q: "s" } } };
    const b = { arguments: { y: { q: "s", p: [1, 2] }, x: 1 }, name: "t" };
    expect(paramsDigest(a)).toBe(paramsDigest(b));
  });

  it.each([
    ["an argument value", { name: "t", arguments: { a: 2 } }],
    ["an argument name", { name: "t", arguments: { b: 1 } }],
    ["the tool name", { name: "u", arguments: { a: 1 } }],
    ["array order", { name: "t", arguments: { a: 1 }, extra: [2, 1] }],
  ])("changes with %s", (_name, other) => {
    expect(paramsDigest(other)).not.toBe(paramsDigest({ name: "t", arguments: { a: 1 }, extra: [1, 2] }));
  });

  it("throws a state McpError for what JCS cannot encode", () => {
    for (const bad of [{ s: "\ud800" }, { n: Number.NaN }]) {
      expect(() => paramsDigest(bad)).toThrow(McpError);
      try {
        paramsDigest(bad);
      } catch (e) {
        expect(e instanceof McpError && e.kind).toBe("state");
      }
    }
  });
});

describe("macOf", () => {
  it("is HMAC-SHA256 over p2.<payload>, as WebCrypto computes it", async () => {
    const key = keyFromSecret("s3cret");
    const webKey = await crypto.subtle.importKey("raw", new Uint8Array(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const expected = new Uint8Array(await crypto.subtle.sign("HMAC", webKey, utf8("p2.eyJ2IjoyfQ")));
    expect(macOf(key, "eyJ2IjoyfQ")).toBe(base64urlEncode(expected));
  });

  it("keyFromSecret is the UTF-8 bytes", () => {
    expect(keyFromSecret("é")).toEqual(new Uint8Array([0xc3, 0xa9]));
  });
});

describe("constantTimeEqual", () => {
  it.each([
    ["", "", true],
    ["abc", "abc", true],
    ["abc", "abd", false],
    ["abc", "ab", false],
    ["ab", "abc", false],
    ["", "a", false],
  ])("%j vs %j is %s", (a, b, equal) => {
    expect(constantTimeEqual(a, b)).toBe(equal);
  });
});

const payload = { v: 2, m: "tools/call", d: "d", c: "c", iat: 1, exp: 2, s: { step: 1 } };

describe("isPresaPayload", () => {
  it.each([
    ["a full payload", payload, true],
    ["null state", { ...payload, s: null }, true],
    ["extra fields", { ...payload, x: 1 }, true],
    ["v 1 (the format before)", { ...payload, v: 1 }, false],
    ["v as string", { ...payload, v: "2" }, false],
    ["no s", { v: 2, m: "m", d: "d", c: "c", iat: 1, exp: 2 }, false],
    ["numeric m", { ...payload, m: 1 }, false],
    ["string exp", { ...payload, exp: "2" }, false],
    ["infinite iat", { ...payload, iat: Infinity }, false],
    ["non-JSON state", { ...payload, s: new Date() }, false],
    ["an array", [payload], false],
    ["null", null, false],
  ])("%s -> %s", (_name, value, expected) => {
    expect(isPresaPayload(value)).toBe(expected);
  });

  it("checks deep state without recursion", () => {
    const deep = JSON.parse("[".repeat(200_000) + "]".repeat(200_000)) as unknown;
    expect(isJsonValue(deep)).toBe(true);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(isJsonValue(cyclic)).toBe(false);
  });
});

describe("splitToken", () => {
  const mac = base64urlEncode(new Uint8Array(32));
  it.each([
    ["a well-formed token", `p2.eyJ2IjoxfQ.${mac}`, true],
    ["another prefix", `p1.eyJ2IjoxfQ.${mac}`, false],
    ["two parts", `p2.eyJ2IjoxfQ`, false],
    ["four parts", `p2.eyJ2IjoxfQ.${mac}.x`, false],
    ["empty payload", `p2..${mac}`, false],
    ["short mac", `p2.eyJ2IjoxfQ.${mac.slice(0, 40)}`, false],
    ["padded payload", `p2.eyJ2IjoxfQ==.${mac}`, false],
    ["a payload with stray bits", `p2.eyJ2IjoxfR.${mac}`, false],
    ["a mac with stray bits", `p2.eyJ2IjoxfQ.${mac.slice(0, 42)}B`, false],
    ["a mac of another alphabet", `p2.eyJ2IjoxfQ.${mac.slice(0, 42)}+`, false],
  ])("%s", (_name, token, ok) => {
    expect(splitToken(token) !== null).toBe(ok);
    // The server's variant accepts exactly the same tokens, and decodes the payload it checked.
    const decoded = splitTokenDecoded(token);
    expect(decoded !== null).toBe(ok);
    if (decoded) expect(decoded.payload).toEqual(base64urlDecode(decoded.parts.payload));
  });

  it("the server's variant agrees with splitToken on any text made of token pieces", () => {
    // A token's slots, each well-formed or broken one way, so valid and near-valid tokens both come up.
    const slots = fc.tuple(
      fc.constantFrom("p2", "p1", "", "p2.", "P2"),
      fc.constantFrom(".", "", ".."),
      fc.constantFrom("eyJ2IjoxfQ", "eyJ2IjoxfR", "", "eyJ2Ijox.fQ", "ey=="),
      fc.constantFrom(".", "", ".."),
      fc.constantFrom(mac, mac.slice(0, 42), `${mac}A`, `${mac.slice(0, 42)}+`),
      fc.constantFrom("", ".", ".x", "A"),
    );
    let valid = 0;
    fc.assert(
      fc.property(slots, (pieces) => {
        const token = pieces.join("");
        const decoded = splitTokenDecoded(token);
        if (decoded) valid++;
        expect(decoded?.parts ?? null).toEqual(splitToken(token));
      }),
      // A valid token is one combination in about 3,600: given as an example, so it is always tried.
      { numRuns: 3000, examples: [[["p2", ".", "eyJ2IjoxfQ", ".", mac, ""]]] },
    );
    expect(valid).toBeGreaterThan(0);
  });
});
