// The repository explains itself: a comment or a page that names a file names one that exists, and none
// sends the reader to an issue tracker they do not have ("issue 16 §5") instead of saying the reason.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

/** Every tracked text file a reader meets: code, configs, scripts, docs (fixtures are data, not prose). */
function readableFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "--", "*.ts", "*.tsx", "*.js", "*.cjs", "*.mjs", "*.md", "*.yml", ".ci/run"], { encoding: "utf8" });
  // Left out too: this file's samples name a missing file and cite an issue on purpose, and
  // architecture.test.ts lints fixtures as if they sat at paths that do not exist.
  const own = ["test/architecture/references.test.ts", "test/architecture/architecture.test.ts"];
  return out.split("\n").filter((f) => f !== "" && !f.startsWith("test/fixtures/") && !own.includes(f) && existsSync(f));
}

/** Names that look like paths but are not files of this tree, each with why. */
const NOT_FILES = new Set([
  "bench/.out", // the bench's output folder, made when it runs
  "bench/.out/dist",
  "test/expect", // "test/expect" in prose: the two names a spec imports
  "eslint.config.js: ./index.ts", // an `except` of a no-restricted-paths zone, relative to src/core
  "eslint.config.js: ./recording/index.ts",
  "eslint.config.js: ./protocol/index.ts",
  "eslint.config.js: ./apps/index.ts",
  "eslint.config.js: ./protocol/icons.ts",
  "bench/.out/floor", // the floor page the bench builds when it runs
  "bench/history.jsonl", // written by the first `npm run bench`, one line a run
  "src/test", // the before/after table of docs/architecture.md names where tests used to live
  "src/bridge/testKit.ts",
]);

/** A file named in `text`: relative to `file`'s folder (./x.ts) or to the repository (src/…); `.js` may name the `.ts` file, as in imports. */
function missingPaths(file: string, text: string): string[] {
  const exists = (p: string) => [p, `${p}.ts`, `${p}.tsx`, `${p}.md`, p.replace(/\.js$/, ".ts")].some((c) => existsSync(c));
  const missing: string[] = [];
  for (const m of text.matchAll(/(?<![\w./$@-])((?:\.\.?\/)+[\w./-]+\.(?:tsx?|md|cjs|mjs|js|json))\b/g)) {
    const ref = m[1]!;
    // `node --import ./scripts/x.mjs` names a file from the repository's root, where npm runs.
    if (!exists(join(dirname(file), ref)) && !(ref.startsWith("./") && exists(ref)) && !NOT_FILES.has(`${file}: ${ref}`)) missing.push(`${file}: ${ref}`);
  }
  for (const m of text.matchAll(/(?<![\w./$@-])((?:src|test|docs|bin|e2e|bench|scripts|public)\/[\w./-]*[\w-])/g)) {
    const ref = m[1]!;
    if (!exists(ref) && !NOT_FILES.has(ref)) missing.push(`${file}: ${ref}`);
  }
  return missing;
}

const ISSUE_NUMBER = /\bissues? ?#?\d+/i;

describe("the repository explains itself", () => {
  it("finds a missing file and an issue number in a sample", () => {
    expect(missingPaths("src/app/session/session.ts", "see ./appStores.ts and src/core/index.ts and src/nowhere/x.ts")).toEqual([
      "src/app/session/session.ts: ./appStores.ts",
      "src/app/session/session.ts: src/nowhere/x.ts",
    ]);
    expect(ISSUE_NUMBER.test("the forms code ahead (issue 15 item 7)")).toBe(true);
    expect(ISSUE_NUMBER.test("RFC 4648 §5, no padding")).toBe(false);
  });

  const files = readableFiles();

  it("names only files that exist", () => {
    expect(files.flatMap((f) => missingPaths(f, readFileSync(f, "utf8")))).toEqual([]);
  });

  it("says the reason instead of citing an issue number", () => {
    const cited = files.flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .flatMap((line, i) => (ISSUE_NUMBER.test(line) ? [`${f}:${i + 1}: ${line.trim().slice(0, 80)}`] : [])),
    );
    expect(cited).toEqual([]);
  });
});
