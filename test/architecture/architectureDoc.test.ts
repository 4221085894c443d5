// docs/architecture.md's checkable claims, checked: the entries export as many names as the page says,
// the app's order names folders that exist, the known imports between features are as many as it says,
// and the server reaches the core only through the protocol entry.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const doc = readFileSync("docs/architecture.md", "utf8");

/** The names an entry exports, read from its `export { … } from` lists (every entry is explicit). */
function exportedNames(entry: string): string[] {
  const text = readFileSync(entry, "utf8");
  expect(text).not.toMatch(/export \*/);
  return [...text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s*from/g)].flatMap((m) =>
    m[1]!.split(",").map((n) => n.trim().replace(/^type\s+/, "")).filter((n) => n !== ""),
  );
}

/** A row of a table on the page, by its first cell. */
function row(first: string): string {
  const line = doc.split("\n").find((l) => l.startsWith(`| ${first} |`));
  if (!line) throw new Error(`docs/architecture.md has no row "${first}"`);
  return line;
}

describe("docs/architecture.md", () => {
  it("gives the number of names each entry exports", () => {
    const after = row("names exported by the core's entries").split("|")[3]!;
    const said = (label: string, entry: string) => Number(new RegExp(`${label} \`${entry.replace(/\./g, "\\.")}\` (\\d+)`).exec(after)?.[1]);
    expect(said("client", "src/core/index.ts")).toBe(exportedNames("src/core/index.ts").length);
    expect(said("protocol", "src/core/protocol/index.ts")).toBe(exportedNames("src/core/protocol/index.ts").length);
    expect(said("recordings", "src/core/recording/index.ts")).toBe(exportedNames("src/core/recording/index.ts").length);
  });

  it("gives the number of known imports between features", () => {
    const known = JSON.parse(readFileSync(".dependency-cruiser-known-violations.json", "utf8")) as unknown[];
    expect(Number(/\| (\d+), one-way/.exec(row("imports between features in `src/app`"))?.[1])).toBe(known.length);
  });

  it("names, in the app's order, folders and files that exist, each layer a rule of .dependency-cruiser.cjs", () => {
    const table = doc.slice(doc.indexOf("## The app's order"), doc.indexOf("## From a frame to the screen"));
    const paths = [...table.matchAll(/`(src\/app\/[^`<]*)`/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.filter((p) => !existsSync(p))).toEqual([]);
    const rules = readFileSync(".dependency-cruiser.cjs", "utf8");
    for (const rule of ["app-lib-at-the-bottom", "app-components-are-shared", "app-state-below-session", "app-session-below-features", "app-features-apart", "app-composition-on-top"]) {
      expect(rules).toContain(`name: "${rule}"`);
    }
  });

  it("is right that src/server reaches the core only through the protocol entry", () => {
    const files = execFileSync("git", ["ls-files", "src/server"], { encoding: "utf8" }).split("\n").filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && existsSync(f));
    const into = files.flatMap((f) =>
      [...readFileSync(f, "utf8").matchAll(/from "(\.[^"]+)"/g)].map((m) => join(dirname(f), m[1]!)).filter((p) => p.startsWith("src/core")),
    );
    expect(into.length).toBeGreaterThan(10);
    expect([...new Set(into)]).toEqual(["src/core/protocol"]);
  });
});
