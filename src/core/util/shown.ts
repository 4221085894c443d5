/** A value quoted in a sentence about what someone wrote by hand, cut short ("nothing" when absent). */
export function shown(v: unknown): string {
  return v === undefined ? "nothing" : (JSON.stringify(v) ?? String(v)).slice(0, 60);
}
