// The dependency rules fail when broken: a deep import into src/core (eslint.config.js, the zone for
// the core's entry) and an import cycle made only of type imports (.dependency-cruiser.cjs, no-cycle).
// The fixtures in test/fixtures/architecture break them on purpose; `npm run lint` skips that folder.
import { createRequire } from "node:module";
import { cruise, type ICruiseResult, type IConfiguration } from "dependency-cruiser";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const FIXTURES = "test/fixtures/architecture";
const config = createRequire(import.meta.url)("../../.dependency-cruiser.cjs") as IConfiguration;

async function lint(file: string): Promise<ESLint.LintResult["messages"]> {
  const [result] = await new ESLint({ ignore: false }).lintFiles([`${FIXTURES}/${file}`]);
  return result?.messages ?? [];
}

async function violations(paths: string[]): Promise<{ rule: string; from: string; to: string }[]> {
  const { output } = await cruise(paths, { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden ?? [] } });
  return (output as ICruiseResult).summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

describe("the dependency rules", () => {
  it("refuse an import of a file inside src/core from outside it", async () => {
    const messages = await lint("deepImport.ts");
    expect(messages.map((m) => m.ruleId)).toEqual(["import-x/no-restricted-paths"]);
    expect(messages[0]?.message).toMatch(/through its entry, src\/core\/index\.ts/);
  });

  it("accept the same import through the core's entry", async () => {
    expect(await lint("entryImport.ts")).toEqual([]);
  });

  it("find a cycle made only of type imports", async () => {
    const found = await violations([`${FIXTURES}/cycle`]);
    expect(found.map((v) => v.rule)).toContain("no-cycle");
    expect(found.some((v) => v.from.endsWith("cycle/a.ts") || v.from.endsWith("cycle/b.ts"))).toBe(true);
  });

  it("find none in src/core and src/server", async () => {
    expect(await violations(["src/core", "src/server"])).toEqual([]);
  }, 60_000);
});
