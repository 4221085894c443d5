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
import type { StateCrypto } from "../core/protocol";

const BLOCK = 64;

/**
 * Per key: (K ⊕ ipad) ‖ room for the message, and (K ⊕ opad) ‖ room for the inner digest, with the
 * pads written once. Each call overwrites only the message and digest parts, and runs to completion
 * synchronously, so nothing else sees the buffers in between.
 */
interface Keyed {
  inner: Buffer;
  outer: Buffer;
  /** Views of `inner` by length, for messages up to VIEW_CACHE_BYTES: a token's head is hashed as one. */
  views: Buffer[];
}

// Making a view (subarray) of the inner buffer costs as much as a short hash; the lengths a server's
// tokens take are few, so each length's view is made once. Longer messages get a fresh view.
const VIEW_CACHE_BYTES = 2048;

/** Keys are byte arrays a server makes once and never changes; their buffers are kept beside them. */
const keyedBuffers = new WeakMap<Uint8Array, Keyed>();

function keyed(key: Uint8Array): Keyed {
  let found = keyedBuffers.get(key);
  if (found === undefined) {
    // A key longer than the block is hashed first (RFC 2104 §2); a shorter one is zero-padded.
    const k = key.length > BLOCK ? createHash("sha256").update(key).digest() : key;
    const inner = Buffer.alloc(BLOCK + 1024, 0x36);
    const outer = Buffer.alloc(BLOCK + 32, 0x5c);
    for (let i = 0; i < k.length; i++) {
      inner[i] = (inner[i] as number) ^ (k[i] as number);
      outer[i] = (outer[i] as number) ^ (k[i] as number);
    }
    found = { inner, outer, views: [] };
    keyedBuffers.set(key, found);
  }
  return found;
}

function nativeHmac(key: Uint8Array, text: string): string {
  const buffers = keyed(key);
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (buffers.inner.length < BLOCK + text.length * 3) {
    const grown = Buffer.alloc(BLOCK + text.length * 3);
    buffers.inner.copy(grown, 0, 0, BLOCK);
    buffers.inner = grown;
    buffers.views = [];
  }
  const { inner, outer, views } = buffers;
  const length = BLOCK + inner.write(text, BLOCK, "utf8");
  let message = views[length];
  if (message === undefined) {
    message = inner.subarray(0, length);
    if (length <= VIEW_CACHE_BYTES) views[length] = message;
  }
  // The inner digest as "binary" (latin1) text is its 32 bytes one character each, written back as such.
  outer.write(hash("sha256", message, "binary"), BLOCK, "latin1");
  return hash("sha256", outer, "base64url");
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
