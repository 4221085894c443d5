// docs/architecture.md's checkable claims, checked: the entries export as many names as the page says,
// the app's order names folders that exist, the known imports between features are as many as it says,
// the server reaches the core only through the protocol entry, CallHost has the verbs the page lists,
// mcp/ imports nothing of tasks/, and the Controller is the three parts it names, with no raw client.
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

/** The members an interface of a file declares, by name (one per line, as the code is formatted). */
function members(file: string, name: string): string[] {
  const text = readFileSync(file, "utf8");
  const start = text.indexOf(`export interface ${name} `);
  expect(start).toBeGreaterThanOrEqual(0);
  const body = text.slice(text.indexOf("{", start) + 1, text.indexOf("\n}", start));
  return [...body.matchAll(/^ {2}(?:readonly )?(\w+)[(?:]/gm)].map((m) => m[1]!);
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

  it("lists CallHost's members as mcp/callHost.ts declares them: verbs, the clock and context()", () => {
    const said = /`CallHost` \(`mcp\/callHost\.ts`: its verbs\s+([^;]*?), the clock, and `context\(\)`\)/.exec(doc.replace(/\n\s*/g, " "));
    expect(said).not.toBeNull();
    const verbs = said![1]!.split(/,\s*/).map((v) => v.trim());
    expect(members("src/core/mcp/callHost.ts", "CallHost").sort()).toEqual([...verbs, "clock", "context"].sort());
  });

  it("is right that mcp/ imports nothing of tasks/ (the rule exists, and no file of mcp/ names tasks/)", () => {
    expect(doc).toContain("`mcp-knows-no-tasks`");
    expect(readFileSync(".dependency-cruiser.cjs", "utf8")).toContain('name: "mcp-knows-no-tasks"');
    const files = execFileSync("git", ["ls-files", "src/core/mcp"], { encoding: "utf8" }).split("\n").filter((f) => /\.tsx?$/.test(f) && existsSync(f));
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => /from "\.\.\/tasks\//.test(readFileSync(f, "utf8")))).toEqual([]);
  });

  it("is right that the Controller is ConnectionCommands, CallCommands and SettingsCommands, with no client()", () => {
    const types = readFileSync("src/app/session/controllerTypes.ts", "utf8");
    expect(types).toMatch(/export interface Controller extends ConnectionCommands, CallCommands, SettingsCommands \{/);
    for (const part of ["ConnectionCommands", "CallCommands", "SettingsCommands"]) expect(doc).toContain(`\`${part}\``);
    const all = ["Controller", "ConnectionCommands", "CallCommands", "SettingsCommands"].flatMap((n) => members("src/app/session/controllerTypes.ts", n));
    expect(all).toContain("listedTool");
    expect(all).not.toContain("client");
  });
});
