/** Bounded, never-throwing text for showing untrusted payloads. */

export interface Capped {
  text: string;
  truncated: boolean;
  /** Length of the full text, in characters. */
  length: number;
}

/** JSON.stringify that never throws (cycles, BigInt) and says `undefined` for nothing. */
export function safeJson(value: unknown, indent?: number): string {
  if (value === undefined) return "undefined";
  try {
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? `${v.toString()}n` : v), indent) ?? String(value);
  } catch (e) {
    return `(cannot show: ${e instanceof Error ? e.message : String(e)})`;
  }
}

/** Cuts text to `max` characters so a huge server payload cannot stall rendering. */
export function capText(text: string, max: number): Capped {
  return text.length > max ? { text: text.slice(0, max), truncated: true, length: text.length } : { text, truncated: false, length: text.length };
}
