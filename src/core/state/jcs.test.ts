// canonicalJson must give exactly the `canonicalize` package's RFC 8785 text: a token signed before
// the switch has to verify after it (its params digest is a hash of this text).
import canonicalize from "canonicalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { payloadJson } from "./digest";
import type { PresaPayload } from "./format";
import { canonicalJson } from "./jcs";

const anyText = fc.string({ unit: "binary", maxLength: 12 });
/** JSON values with keys and strings from the whole of Unicode (paired surrogates included). */
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    anyText,
    fc.array(tie("value"), { maxLength: 5 }),
    fc.dictionary(anyText, tie("value"), { maxKeys: 6 }),
  ),
})).value;

describe("canonicalJson", () => {
  it("gives the canonicalize package's text for any JSON value", () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(canonicalJson(value)).toBe(canonicalize(value));
      }),
      { numRuns: 3000 },
    );
  });

  it("sorts keys by UTF-16 code units and writes numbers as ECMAScript does", () => {
    expect(canonicalJson({ b: 1, a: [1e21, -0, 0.1, "é"], "\u{1F600}": true, "\uFFFF": null })).toBe('{"a":[1e+21,0,0.1,"é"],"b":1,"\u{1F600}":true,"\uFFFF":null}');
    // U+1F600 is the pair D83D DE00 in UTF-16, so it sorts before U+FFFF (by code point it would not).
    expect(canonicalJson({ skip: undefined, keep: [undefined] })).toBe('{"keep":[null]}');
  });

  it("refuses what RFC 8785 cannot encode, as the package does", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    // A cycle longer than the depth at which ancestors start being searched.
    const ring: Record<string, unknown>[] = Array.from({ length: 40 }, () => ({}));
    ring.forEach((node, i) => (node.next = ring[(i + 1) % ring.length]));
    for (const bad of ["\uD800", { ["\uDC00"]: 1 }, Number.NaN, [Number.POSITIVE_INFINITY], cyclic, [ring[0]]]) {
      expect(() => canonicalize(bad)).toThrow();
      expect(() => canonicalJson(bad)).toThrow();
    }
    // A cycle that closes only below the depth where the search starts, entered through a chain.
    const chain: Record<string, unknown> = {};
    let tail = chain;
    for (let i = 0; i < 50; i++) tail = tail.next = {};
    tail.loop = tail;
    expect(() => canonicalJson(chain)).toThrow(/Circular/);
    // A deep value that shares an object between siblings is no cycle.
    const shared = { x: 1 };
    let deep: unknown = { a: shared, b: shared };
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(canonicalJson(deep)).toBe(JSON.stringify(deep));
  });

  it("quotes keys the same however often they come back", () => {
    // The quoted form of keys is kept between calls: a refused key stays refused, and more keys
    // than are kept still come out right.
    for (let round = 0; round < 3; round++) expect(() => canonicalJson({ ["\uD800"]: 1 })).toThrow(/surrogate/i);
    const many = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}"\\`, i]));
    for (let round = 0; round < 2; round++) expect(canonicalJson(many)).toBe(canonicalize(many));
  });
});

describe("payloadJson", () => {
  it("is JSON.stringify of the payload, field for field", () => {
    const payload = fc.record({
      v: fc.constant(2 as const),
      m: anyText,
      d: anyText,
      c: anyText,
      iat: fc.oneof(fc.double(), fc.maxSafeInteger(), fc.maxSafeNat()),
      exp: fc.double(),
      s: fc.option(json, { nil: undefined }),
    });
    fc.assert(
      fc.property(payload, (p) => {
        expect(payloadJson(p as PresaPayload)).toBe(JSON.stringify(p));
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves the omitted keys out of the top level only", () => {
    expect(canonicalJson({ b: { a: 1, _meta: 2 }, _meta: 3, a: 0 }, ["_meta"])).toBe('{"a":0,"b":{"_meta":2,"a":1}}');
  });
});
