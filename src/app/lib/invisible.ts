/**
 * Characters that change how server text reads without being seen: bidi controls (which can make
 * "txt.exe" read as "exe.txt", CVE-2021-42574 "Trojan Source"), zero-width and other invisible
 * characters, tag characters, and control characters. Every place the input cards show server text
 * runs it through here, so each one becomes a visible marker like ⟦U+202E⟧ and the card flags it.
 */

export interface HiddenChar {
  /** "U+202E" */
  code: string;
  /** A short name in words. */
  name: string;
  bidi: boolean;
}

export type TextPart = { kind: "text"; text: string } | { kind: "hidden"; char: HiddenChar };

const NAMES: Record<number, string> = {
  0x200b: "zero width space",
  0x200c: "zero width non-joiner",
  0x200d: "zero width joiner",
  0x200e: "left-to-right mark",
  0x200f: "right-to-left mark",
  0x061c: "Arabic letter mark",
  0x202a: "left-to-right embedding",
  0x202b: "right-to-left embedding",
  0x202c: "pop directional formatting",
  0x202d: "left-to-right override",
  0x202e: "right-to-left override",
  0x2066: "left-to-right isolate",
  0x2067: "right-to-left isolate",
  0x2068: "first strong isolate",
  0x2069: "pop directional isolate",
  0x2060: "word joiner",
  0x2061: "function application",
  0x2062: "invisible times",
  0x2063: "invisible separator",
  0x2064: "invisible plus",
  0xfeff: "zero width no-break space (BOM)",
  0x00ad: "soft hyphen",
  0x034f: "combining grapheme joiner",
  0x180e: "Mongolian vowel separator",
  0x115f: "Hangul choseong filler",
  0x1160: "Hangul jungseong filler",
  0x3164: "Hangul filler",
  0xffa0: "halfwidth Hangul filler",
  0x2028: "line separator",
  0x2029: "paragraph separator",
  0xfff9: "interlinear annotation anchor",
  0xfffa: "interlinear annotation separator",
  0xfffb: "interlinear annotation terminator",
};

const BIDI = new Set([0x200e, 0x200f, 0x061c, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);

/** The name of a hidden code point, or undefined when the character shows as itself. */
function hiddenName(cp: number): string | undefined {
  const named = NAMES[cp];
  if (named) return named;
  if (cp >= 0xe0000 && cp <= 0xe007f) return "tag character";
  if (cp >= 0xe0100 && cp <= 0xe01ef) return "variation selector";
  if (cp >= 0x2065 && cp <= 0x206f) return "invisible format character";
  // C0 controls other than tab and newline, DEL, and the C1 controls.
  if ((cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d) || (cp >= 0x7f && cp <= 0x9f)) return "control character";
  return undefined;
}

const ANY_HIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb]|\udb40[\udc00-\udc7f\udd00-\uddef]/;

export function codeOf(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Whether a string holds any character this module makes visible (a quick test before splitting). */
export function hasHidden(text: string): boolean {
  return ANY_HIDDEN.test(text);
}

/** The text cut into visible runs and hidden characters, in order. */
export function splitHidden(text: string): TextPart[] {
  if (!hasHidden(text)) return text === "" ? [] : [{ kind: "text", text }];
  const parts: TextPart[] = [];
  let run = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const name = hiddenName(cp);
    if (name === undefined) {
      run += ch;
      continue;
    }
    if (run) parts.push({ kind: "text", text: run });
    run = "";
    parts.push({ kind: "hidden", char: { code: codeOf(cp), name, bidi: BIDI.has(cp) } });
  }
  if (run) parts.push({ kind: "text", text: run });
  return parts;
}

/** The marker a hidden character is shown as, in plain text (for <option> labels and titles). */
export function marker(c: HiddenChar): string {
  return `⟦${c.code}⟧`;
}

/** The text with every hidden character replaced by its visible marker. */
export function revealText(text: string): string {
  if (!hasHidden(text)) return text;
  return splitHidden(text)
    .map((p) => (p.kind === "text" ? p.text : marker(p.char)))
    .join("");
}

export interface HiddenSummary {
  count: number;
  bidi: number;
  /** Distinct characters found, first seen first. */
  kinds: HiddenChar[];
}

/** What hidden characters a set of server strings holds, for the card's one warning. */
export function summarizeHidden(texts: readonly string[]): HiddenSummary {
  const kinds = new Map<string, HiddenChar>();
  let count = 0;
  let bidi = 0;
  for (const t of texts) {
    if (!hasHidden(t)) continue;
    for (const p of splitHidden(t)) {
      if (p.kind !== "hidden") continue;
      count++;
      if (p.char.bidi) bidi++;
      if (!kinds.has(p.char.code)) kinds.set(p.char.code, p.char);
    }
  }
  return { count, bidi, kinds: [...kinds.values()] };
}

/** The card's warning in words, or undefined when nothing is hidden. */
export function hiddenWarning(s: HiddenSummary): string | undefined {
  if (s.count === 0) return undefined;
  const what = s.kinds
    .slice(0, 6)
    .map((k) => `${k.code} ${k.name}`)
    .join(", ");
  const more = s.kinds.length > 6 ? ` and ${s.kinds.length - 6} more kinds` : "";
  const bidi = s.bidi > 0 ? ` ${s.bidi} of them ${s.bidi === 1 ? "is a bidi control that can" : "are bidi controls that can"} make the text read differently from what it says.` : "";
  return `The server's text holds ${s.count} hidden ${s.count === 1 ? "character" : "characters"} (${what}${more}), shown here as ⟦U+…⟧.${bidi}`;
}

/** Every string in a JSON value (keys included), capped, for scanning a request's params. */
export function stringsIn(value: unknown, limit = 20_000): string[] {
  const out: string[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (out.length >= limit || depth > 20) return;
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (typeof v === "object" && v !== null)
      for (const [k, x] of Object.entries(v)) {
        out.push(k);
        walk(x, depth + 1);
      }
  };
  walk(value, 0);
  return out;
}
