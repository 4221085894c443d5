import type { Root } from "../../core";

/** Why a root row would not be a proper root (spec "Roots": every URI MUST be file://). */
export type RootProblem = "empty" | "unparseable" | "not-file";

export const ROOT_PROBLEM_TEXT: Record<RootProblem, string> = {
  empty: "No URI: this row is left out.",
  unparseable: "Not a valid URI.",
  "not-file": "Not a file:// URI; the spec requires file:// roots (it is sent anyway, for testing servers).",
};

export function checkRoot(uri: string): RootProblem | undefined {
  const u = uri.trim();
  if (u === "") return "empty";
  try {
    return new URL(u).protocol === "file:" ? undefined : "not-file";
  } catch {
    return "unparseable";
  }
}

/** The `roots` a "Send roots" answers with: trimmed, rows without a URI dropped, empty names left out. */
export function rootsToSend(rows: readonly Root[]): Root[] {
  return rows
    .filter((r) => r.uri.trim() !== "")
    .map((r) => {
      const name = r.name?.trim();
      return name ? { uri: r.uri.trim(), name } : { uri: r.uri.trim() };
    });
}
