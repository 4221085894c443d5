/**
 * Caps on what a peer may make the client read. Every frame comes from a server under inspection,
 * which may be broken or hostile (design: "Every message from a server is untrusted"), so absurd
 * frames are refused before anything parses, stores or renders them.
 */

/** Frames longer than this (in UTF-16 units, about bytes for JSON) are refused unread: 8 MiB. */
export const MAX_FRAME_LENGTH = 8 * 1024 * 1024;

/**
 * Frames nesting objects and arrays deeper than this are refused: recursive code (JSON.stringify,
 * React trees, schema walkers) would overflow the stack on them. Real MCP frames stay far below.
 */
export const MAX_FRAME_DEPTH = 128;

/** Why a frame was refused; kept in the error's `reason` (errors.ts), so the UI can say it in words. */
export type FrameProblem = "notJson" | "tooLarge" | "tooDeep" | "batch" | "notMessage";

/** "8 MB", "10.2 MB", "512 kB": sizes as a person reads them. */
export function formatSize(length: number): string {
  if (length >= 1024 * 1024) return `${Number((length / (1024 * 1024)).toFixed(1))} MB`;
  if (length >= 1024) return `${Number((length / 1024).toFixed(1))} kB`;
  return `${length} B`;
}

/**
 * Whether `text` holds more than `limit` of the characters `{` and `[` (in strings or not): only then
 * can it nest deeper than `limit`. Counted with indexOf, which the engine runs natively, so the usual
 * frame (a few dozen brackets) skips nestingDepth's character-by-character scan, which cost half of
 * what JSON.parse of the same frame does.
 */
export function mayNestDeeper(text: string, limit: number = MAX_FRAME_DEPTH): boolean {
  let n = 0;
  for (let i = text.indexOf("{"); i !== -1; i = text.indexOf("{", i + 1)) if (++n > limit) return true;
  for (let i = text.indexOf("["); i !== -1; i = text.indexOf("[", i + 1)) if (++n > limit) return true;
  return false;
}

/**
 * How deeply `text` nests `{`/`[` outside strings, stopping once past `limit`. A plain scan, so it
 * costs nothing like the recursion it protects against, and it never throws on broken JSON.
 */
export function nestingDepth(text: string, limit: number = MAX_FRAME_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}
