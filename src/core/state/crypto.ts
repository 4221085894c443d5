/**
 * The hashing a requestState token needs, behind one small interface, so each platform brings its
 * own: `node:crypto` in Node (src/server/platformCrypto.node.ts), and in the page the synchronous
 * pure-JS implementation below (@noble/hashes). The server picks one when it is made
 * (`server({ stateCrypto })`, default: the platform's, see src/server/platformCrypto.web.ts); the
 * core's helpers default to the pure one, which runs anywhere.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";
import { base64urlDecode, base64urlEncode, utf8DecodeStrict } from "./encoding";

/**
 * HMAC-SHA256 and SHA-256 over UTF-8 text, both answered as base64url without padding (43
 * characters), and the base64url text codec of the payload, which a platform also does natively.
 */
export interface StateCrypto {
  /** What computes the hashes, for notes and diagnostics: "node:crypto", "@noble/hashes". */
  readonly name: string;
  /** HMAC-SHA256 of the UTF-8 bytes of `text` under `key` (keys are treated as immutable). */
  hmacSha256(key: Uint8Array, text: string): string;
  /** SHA-256 of the UTF-8 bytes of `text`. */
  sha256(text: string): string;
  /** base64url, without padding, of the UTF-8 bytes of `text`. */
  encodeText(text: string): string;
  /**
   * The UTF-8 text of base64url `part`. Only for a part whose MAC has been checked (so it is what
   * encodeText made): it need not refuse malformed input (splitTokenDecoded is the strict reader).
   */
  decodeText(part: string): string | null;
}

const URL_CODES = Uint8Array.from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", (c) => c.charCodeAt(0));
const asciiDecoder = new TextDecoder();
const encoder = new TextEncoder();
const digestOut = new Uint8Array(32);
const digestText = new Uint8Array(43);

/** A 32-byte digest as 43 base64url characters (the last group carries 2 bytes, no padding). */
function digestToBase64url(bytes: Uint8Array): string {
  let o = 0;
  for (let i = 0; i < 30; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    digestText[o++] = URL_CODES[n >> 18] as number;
    digestText[o++] = URL_CODES[(n >> 12) & 63] as number;
    digestText[o++] = URL_CODES[(n >> 6) & 63] as number;
    digestText[o++] = URL_CODES[n & 63] as number;
  }
  const n = ((bytes[30] as number) << 16) | ((bytes[31] as number) << 8);
  digestText[o++] = URL_CODES[n >> 18] as number;
  digestText[o++] = URL_CODES[(n >> 12) & 63] as number;
  digestText[o++] = URL_CODES[(n >> 6) & 63] as number;
  return asciiDecoder.decode(digestText);
}

// The pure implementation allocates nothing per use: text is encoded into one growing scratch
// buffer, and hashes are cloned into reused instances from a pristine one (for HMAC, one per key
// with the key's pads already absorbed). Safe because each use runs to completion synchronously.
let scratch = new Uint8Array(1024);

function utf8(text: string): Uint8Array {
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (scratch.length < text.length * 3) scratch = new Uint8Array(Math.max(text.length * 3, scratch.length * 2));
  const { written } = encoder.encodeInto(text, scratch);
  return scratch.subarray(0, written);
}

const pristineSha256 = nobleSha256.create();
let sha256Scratch: ReturnType<typeof nobleSha256.create> | undefined;
type Hmac = ReturnType<typeof hmac.create>;
const keyedHmac = new WeakMap<Uint8Array, Hmac>();
let hmacScratch: Hmac | undefined;

/** @noble/hashes: synchronous pure JavaScript, for the page (and anywhere without node:crypto). */
export const pureStateCrypto: StateCrypto = {
  name: "@noble/hashes",
  hmacSha256(key, text) {
    let keyed = keyedHmac.get(key);
    if (keyed === undefined) {
      keyed = hmac.create(nobleSha256, key);
      keyedHmac.set(key, keyed);
    }
    const mac = keyed._cloneInto(hmacScratch) as Hmac;
    hmacScratch = mac;
    mac.update(utf8(text));
    mac.digestInto(digestOut);
    return digestToBase64url(digestOut);
  },
  sha256(text) {
    sha256Scratch = pristineSha256._cloneInto(sha256Scratch);
    sha256Scratch.update(utf8(text));
    sha256Scratch.digestInto(digestOut);
    return digestToBase64url(digestOut);
  },
  encodeText: (text) => base64urlEncode(utf8(text)),
  decodeText(part) {
    const bytes = base64urlDecode(part);
    return bytes === null ? null : utf8DecodeStrict(bytes);
  },
};
