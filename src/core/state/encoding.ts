/**
 * The byte encodings of requestState tokens: strict base64url and base64 (RFC 4648) and strict
 * UTF-8 decoding. Browser-safe: no Buffer.
 */
const URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const STD_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function lookupTable(alphabet: string): Int8Array {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
}
const URL_TABLE = lookupTable(URL_ALPHABET);
const STD_TABLE = lookupTable(STD_ALPHABET);

const URL_CODES = Uint8Array.from(URL_ALPHABET, (c) => c.charCodeAt(0));
const asciiDecoder = new TextDecoder();
let encodeScratch = new Uint8Array(256);

/**
 * Base64url without padding (RFC 4648 §5), the encoding of both token parts. The characters are
 * written as bytes and made a string once: appending them one by one builds a chain of small
 * strings, which on this per-round path cost more than the encoding itself.
 */
export function base64urlEncode(bytes: Uint8Array): string {
  const length = Math.ceil((bytes.length * 4) / 3);
  if (encodeScratch.length < length + 3) encodeScratch = new Uint8Array(Math.max(length + 3, encodeScratch.length * 2));
  const out = encodeScratch;
  let o = 0;
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out[o++] = URL_CODES[n >> 18] as number;
    out[o++] = URL_CODES[(n >> 12) & 63] as number;
    out[o++] = URL_CODES[(n >> 6) & 63] as number;
    out[o++] = URL_CODES[n & 63] as number;
  }
  return asciiDecoder.decode(out.subarray(0, length));
}

/** Whether `text` is what base64urlDecode accepts, checked without decoding it (the same rules). */
export function isBase64url(text: string): boolean {
  if (text.length % 4 === 1) return false;
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    value = code < 128 ? (URL_TABLE[code] ?? -1) : -1;
    if (value < 0) return false;
  }
  // The unused low bits of the last character must be zero: 4 of them after 2 characters, 2 after 3.
  const rest = text.length % 4;
  return rest === 0 || (value & (rest === 2 ? 15 : 3)) === 0;
}

// Strict: only alphabet characters, no length of 1 mod 4, and zero unused trailing bits, so one
// byte string has exactly one text form.
function decodeBody(text: string, table: Int8Array): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? (table[code] ?? -1) : -1;
    if (value < 0) return null;
    acc = ((acc << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  if ((acc & ((1 << bits) - 1)) !== 0) return null;
  return out;
}

/** Strict base64url decode without padding; null for any other text. */
export function base64urlDecode(text: string): Uint8Array | null {
  return decodeBody(text, URL_TABLE);
}

/** Strict standard base64 decode (RFC 4648 §4); padding optional, but correct when present. */
export function base64Decode(text: string): Uint8Array | null {
  if (text.endsWith("=")) {
    if (text.length % 4 !== 0) return null;
    const body = text.endsWith("==") ? text.slice(0, -2) : text.slice(0, -1);
    if (body.length % 4 === 0) return null;
    return decodeBody(body, STD_TABLE);
  }
  return decodeBody(text, STD_TABLE);
}


/** UTF-8 decode that refuses invalid bytes instead of inventing U+FFFD; null when invalid. */
// One decoder for all calls: without `stream`, decode() keeps no state between calls.
const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function utf8DecodeStrict(bytes: Uint8Array): string | null {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return null;
  }
}

