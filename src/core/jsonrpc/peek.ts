import type { RequestId } from "./messages";

/** What can still be made out of a frame that did not parse: its id, and whether it asks or answers. */
export interface FrameHead {
  id?: RequestId;
  /** "response" when a top-level `result` or `error` key was seen; "request"/"notification" for `method`. */
  kind?: "request" | "notification" | "response";
}

/** How far into a broken frame the peek reads; ids sit at the start of every frame seen in practice. */
export const PEEK_LIMIT = 4096;

/**
 * Reads the top-level keys of a JSON object from the start of `raw`, tolerating a frame that is cut
 * off, too large or otherwise unreadable after them. Pure and total: it stops at the first thing it
 * cannot read and returns what it has. Only a string or integer `id` counts.
 */
export function peekFrame(raw: string, limit: number = PEEK_LIMIT): FrameHead {
  const text = raw.length > limit ? raw.slice(0, limit) : raw;
  const head: FrameHead = {};
  let i = 0;
  let method = false;
  let answer = false;
  const ws = (): void => {
    while (i < text.length && " \t\r\n".includes(text[i] as string)) i++;
  };
  // A JSON string starting at i (which holds the quote); returns its decoded value or undefined.
  const string = (): string | undefined => {
    const start = i;
    for (i++; i < text.length; i++) {
      const c = text[i];
      if (c === "\\") i++;
      else if (c === '"') {
        i++;
        try {
          return JSON.parse(text.slice(start, i)) as string;
        } catch {
          return undefined;
        }
      }
    }
    return undefined;
  };
  // Skips one value of any kind; returns a string or integer when the value is one, else null.
  const value = (): string | number | null | undefined => {
    const c = text[i];
    if (c === '"') return string();
    if (c === "{" || c === "[") {
      let depth = 0;
      let inString = false;
      for (; i < text.length; i++) {
        const d = text[i];
        if (inString) {
          if (d === "\\") i++;
          else if (d === '"') inString = false;
        } else if (d === '"') inString = true;
        else if (d === "{" || d === "[") depth++;
        else if (d === "}" || d === "]") {
          if (--depth === 0) {
            i++;
            return null;
          }
        }
      }
      return undefined;
    }
    const m = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|^(?:true|false|null)/.exec(text.slice(i, i + 32));
    if (!m) return undefined;
    i += m[0].length;
    const n = Number(m[0]);
    return /^-?\d+$/.test(m[0]) && Number.isSafeInteger(n) ? n : null;
  };
  ws();
  if (text[i] !== "{") return head;
  i++;
  for (;;) {
    ws();
    if (text[i] !== '"') break;
    const key = string();
    if (key === undefined) break;
    ws();
    if (text[i] !== ":") break;
    i++;
    ws();
    // The key is known before its value is read, so a frame cut inside `result` still says it answers.
    if (key === "method") method = true;
    else if (key === "result" || key === "error") answer = true;
    const v = value();
    if (v === undefined) break;
    if (key === "id" && (typeof v === "string" || typeof v === "number")) head.id = v;
    ws();
    if (text[i] !== ",") break;
    i++;
  }
  if (method) head.kind = head.id === undefined ? "notification" : "request";
  else if (answer) head.kind = "response";
  return head;
}
