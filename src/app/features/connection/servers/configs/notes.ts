import type { ServerEntry } from "../../../../stores/serverEntry";

const USED_EXTRA_NOTE: Record<string, string> = {
  envFile: "envFile is not read by this inspector: add the variables it holds under Env",
  disabled: "disabled is kept for export; this inspector connects only when you say so",
};

/**
 * What of an imported entry cannot be used as it is, in words, one line each: stdio without a
 * bridge, `${input:…}` placeholders (asked at connect), `${env:…}` and other variables (not expanded),
 * fields kept only for export.
 */
export function entryNotes(entry: Pick<ServerEntry, "target" | "extra" | "inputs">, hasBridge: boolean): string[] {
  const notes: string[] = [];
  const t = entry.target;
  if (t.kind === "stdio" && !hasBridge) notes.push("stdio needs the bridge: start `npm start` (or `npm run bridge`) to run it");
  const text = JSON.stringify(t);
  for (const m of new Set([...text.matchAll(/\$\{input:([^}]+)\}/g)].map((x) => x[1]))) notes.push(`\`\${input:${m}}\` will be asked at connect`);
  for (const m of new Set([...text.matchAll(/\$\{(?!input:)([^}]+)\}/g)].map((x) => x[1]))) notes.push(`\`\${${m}}\` is not expanded by this inspector: edit the entry to put in the value`);
  for (const key of Object.keys(entry.extra ?? {})) {
    if (key.startsWith("presa:")) continue;
    notes.push(USED_EXTRA_NOTE[key] ?? `${key} is not used by this inspector; it is kept for export`);
  }
  return notes;
}
