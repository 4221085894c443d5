// Property tests: random bytes, in every shape a token or a frame could take, never throw out
// of the decoders. The requestState decoder, the MAC check, the scope check, the frame parser and the
// frame peek each get well over 10,000 random inputs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFrame } from "../jsonrpc/messages";
import { peekFrame } from "../jsonrpc/peek";
import { checkScope, verifyMac } from "./check";
import { decodeRequestState } from "./decode";
import { base64urlEncode } from "./format";

const RUNS = 12_000;
const KINDS = new Set(["presa", "jwt", "json", "opaque"]);

const latin1 = (bytes: Uint8Array): string => String.fromCharCode(...bytes);
const utf8 = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const std64 = (bytes: Uint8Array): string => btoa(latin1(bytes));

/** Random bytes as each kind of text a hostile server could hand the decoder. */
const tokenText = fc.oneof(
  fc.uint8Array({ maxLength: 400 }).map(utf8),
  fc.uint8Array({ maxLength: 400 }).map(latin1),
  fc.uint8Array({ maxLength: 400 }).map(std64),
  fc.uint8Array({ maxLength: 400 }).map(base64urlEncode),
  fc.tuple(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ minLength: 30, maxLength: 34 })).map(([p, m]) => `p2.${base64urlEncode(p)}.${base64urlEncode(m)}`),
  fc.tuple(fc.uint8Array({ maxLength: 100 }), fc.uint8Array({ maxLength: 200 }), fc.uint8Array({ maxLength: 40 })).map((parts) => parts.map(base64urlEncode).join(".")),
  fc.tuple(fc.jsonValue(), fc.uint8Array({ maxLength: 50 })).map(([v, b]) => `p2.${base64urlEncode(new TextEncoder().encode(JSON.stringify(v)))}.${base64urlEncode(b)}`),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.jsonValue().map((v) => std64(new TextEncoder().encode(JSON.stringify(v) ?? ""))),
);

describe("the requestState decoder never throws (fast-check)", () => {
  it(`decodeRequestState, checkScope and verifyMac take ${RUNS} random tokens`, () => {
    const kinds = new Map<string, number>();
    fc.assert(
      fc.property(tokenText, (token) => {
        const decoded = decodeRequestState(token);
        expect(KINDS.has(decoded.kind)).toBe(true);
        kinds.set(decoded.kind, (kinds.get(decoded.kind) ?? 0) + 1);
        if (decoded.kind === "presa") {
          const check = checkScope(decoded.payload, { method: "tools/call", params: { name: "x" }, now: Date.now(), caller: "anonymous" });
          expect(typeof check.ok).toBe("boolean");
        }
        expect(["valid", "invalid", "not-presa"]).toContain(verifyMac(token, "secret"));
      }),
      { numRuns: RUNS },
    );
    // The generator reaches past the opaque branch: the decoder's other paths see random input too.
    expect(kinds.get("json") ?? 0).toBeGreaterThan(100);
    expect(kinds.get("opaque") ?? 0).toBeGreaterThan(100);
  });

  it("anything at all, not only strings, comes back as a decoded state", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(KINDS.has(decodeRequestState(value).kind)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("the frame parser and the frame peek never throw (fast-check)", () => {
  const frameText = fc.oneof(
    fc.uint8Array({ maxLength: 600 }).map(utf8),
    fc.uint8Array({ maxLength: 600 }).map(latin1),
    fc.jsonValue().map((v) => JSON.stringify(v) ?? ""),
    // A valid frame cut at a random point, the shape a dropped stream leaves.
    fc.tuple(fc.jsonValue(), fc.nat()).map(([v, n]) => {
      const text = JSON.stringify({ jsonrpc: "2.0", id: n % 100, result: { v } });
      return text.slice(0, n % (text.length + 1));
    }),
  );

  it(`parseFrame and peekFrame take ${RUNS} random frames`, () => {
    fc.assert(
      fc.property(frameText, (raw) => {
        const parsed = parseFrame(raw);
        if (!parsed.ok) expect(typeof parsed.reason).toBe("string");
        const head = peekFrame(raw);
        if (head.id !== undefined) expect(["string", "number"]).toContain(typeof head.id);
      }),
      { numRuns: RUNS },
    );
  });

  it("peekFrame finds the id of a response cut anywhere after the id", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), fc.nat(), (v, id, n) => {
        const text = JSON.stringify({ jsonrpc: "2.0", id, result: { v } });
        const after = text.indexOf(',"result":') + 1;
        const cut = text.slice(0, after + (n % (text.length - after + 1)));
        expect(peekFrame(cut).id).toEqual(id);
      }),
      { numRuns: 3_000 },
    );
  });
});
