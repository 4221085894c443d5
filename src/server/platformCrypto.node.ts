/**
 * The requestState hashing on Node: node:crypto. Chosen by the `node` condition of package.json's
 * `#platform-crypto` import; a page build resolves that import to platformCrypto.web.ts and never
 * sees this file.
 *
 * HMAC-SHA256 is RFC 2104 over node:crypto's one-shot SHA-256 (`crypto.hash`, Node 20.12+): H((K ⊕
 * opad) ‖ H((K ⊕ ipad) ‖ m)), with the padded key blocks made once per key. For a token-sized
 * message that is two native hash calls, about half of what `createHmac(...).update().digest()`
 * costs, which spends most of its time making and tearing down an Hmac object. The property test in
 * platformCrypto.test.ts holds it equal to createHmac for any key and text.
 */
import { createHash, createHmac, hash } from "node:crypto";
import type { StateCrypto } from "../core";

const BLOCK = 64;

interface Pads {
  ipad: Buffer;
  opad: Buffer;
}

/** Keys are byte arrays a server makes once and never changes; their pads are kept beside them. */
const padsByKey = new WeakMap<Uint8Array, Pads>();

function padsOf(key: Uint8Array): Pads {
  let pads = padsByKey.get(key);
  if (pads === undefined) {
    // A key longer than the block is hashed first (RFC 2104 §2); a shorter one is zero-padded.
    const k = key.length > BLOCK ? createHash("sha256").update(key).digest() : key;
    const ipad = Buffer.alloc(BLOCK, 0x36);
    const opad = Buffer.alloc(BLOCK, 0x5c);
    for (let i = 0; i < k.length; i++) {
      ipad[i] = (ipad[i] as number) ^ (k[i] as number);
      opad[i] = (opad[i] as number) ^ (k[i] as number);
    }
    pads = { ipad, opad };
    padsByKey.set(key, pads);
  }
  return pads;
}

// One buffer for (K ⊕ ipad) ‖ m and one for (K ⊕ opad) ‖ inner digest, rewritten on every call
// (each call runs to completion synchronously, so nothing else sees them in between).
let innerBuffer = Buffer.alloc(4096);
const outerBuffer = Buffer.alloc(BLOCK + 32);

function nativeHmac(key: Uint8Array, text: string): string {
  const { ipad, opad } = padsOf(key);
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (innerBuffer.length < BLOCK + text.length * 3) innerBuffer = Buffer.alloc(BLOCK + text.length * 3);
  ipad.copy(innerBuffer, 0);
  const written = innerBuffer.write(text, BLOCK, "utf8");
  // The inner digest as "binary" (latin1) text is its 32 bytes one character each, written back as such.
  outerBuffer.write(hash("sha256", innerBuffer.subarray(0, BLOCK + written), "binary"), BLOCK, "latin1");
  opad.copy(outerBuffer, 0);
  return hash("sha256", outerBuffer, "base64url");
}

// The payload's bytes pass through one reused buffer rather than a new Buffer per token.
let scratch = Buffer.alloc(4096);

function scratchFor(bytes: number): Buffer {
  if (scratch.length < bytes) scratch = Buffer.alloc(bytes);
  return scratch;
}

const hasOneShot = typeof hash === "function";

export const platformCrypto: StateCrypto = {
  name: "node:crypto",
  hmacSha256: hasOneShot ? nativeHmac : (key, text) => createHmac("sha256", key).update(text).digest("base64url"),
  sha256: hasOneShot ? (text) => hash("sha256", text, "base64url") : (text) => createHash("sha256").update(text).digest("base64url"),
  encodeText(text) {
    const bytes = scratchFor(text.length * 3);
    return bytes.toString("base64url", 0, bytes.write(text, 0, "utf8"));
  },
  decodeText(part) {
    const bytes = scratchFor(part.length);
    return bytes.toString("utf8", 0, bytes.write(part, 0, "base64url"));
  },
};
