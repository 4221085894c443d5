// The dependency rules fail when broken. Each rule of eslint.config.js and .dependency-cruiser.cjs that
// guards a layer has a fixture in test/fixtures/architecture that breaks it on purpose (`npm run lint`
// skips that folder), and the real tree breaks none beyond the known list.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cruise, type ICruiseResult, type IConfiguration, type IForbiddenRuleType } from "dependency-cruiser";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const FIXTURES = "test/fixtures/architecture";
const require = createRequire(import.meta.url);
const config = require("../../.dependency-cruiser.cjs") as IConfiguration;
const known = require("../../.dependency-cruiser-known-violations.json") as { from: string; to: string; rule: { name: string } }[];

async function lint(file: string): Promise<ESLint.LintResult["messages"]> {
  const [result] = await new ESLint({ ignore: false }).lintFiles([`${FIXTURES}/${file}`]);
  return result?.messages ?? [];
}

/** Lints a fixture's text as if it were the file at `asPath` (its imports resolve from there). */
async function lintAs(fixture: string, asPath: string): Promise<ESLint.LintResult["messages"]> {
  const [result] = await new ESLint().lintText(readFileSync(`${FIXTURES}/eslint/${fixture}`, "utf8"), { filePath: asPath });
  return result?.messages ?? [];
}

/** The rules, with every `^src/` path moved under the fixtures, so the fixture tree stands in for src. */
function rulesOver(root: string): IForbiddenRuleType[] {
  const move = (value: unknown): unknown =>
    typeof value === "string" ? value.replace(/\^src\//g, `^${root}/src/`)
    : Array.isArray(value) ? value.map(move)
    : value && typeof value === "object" ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, move(v)]))
    : value;
  return (config.forbidden ?? []).map((rule) => move(rule) as IForbiddenRuleType);
}

async function violations(paths: string[], forbidden = config.forbidden ?? []): Promise<{ rule: string; from: string; to: string }[]> {
  const { output } = await cruise(paths, { ...config.options, validate: true, ruleSet: { forbidden } });
  return (output as ICruiseResult).summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

describe("the dependency rules", () => {
  it("refuse an import of a file inside src/core from outside it", async () => {
    const messages = await lint("deepImport.ts");
    expect(messages.map((m) => m.ruleId)).toEqual(["import-x/no-restricted-paths"]);
    expect(messages[0]?.message).toMatch(/through an entry, src\/core\/index\.ts/);
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

describe("the app's order, the server's entry, the command line and the bridge", () => {
  it("refuse each break of the order in the fixture tree, and nothing else", async () => {
    const root = `${FIXTURES}/src`;
    const found = (await violations([root], rulesOver(FIXTURES))).map((v) => `${v.rule}: ${v.from.replace(`${root}/`, "")} → ${v.to.replace(`${root}/`, "")}`);
    expect(found.sort()).toEqual(
      [
        "app-lib-at-the-bottom: app/lib/reachesUp.ts → app/session/hub.ts",
        "app-components-are-shared: app/components/Widget.ts → app/features/a/thing.ts",
        "app-state-below-session: app/features/a/aStore.ts → app/session/hub.ts",
        "app-session-below-features: app/session/hub.ts → app/features/a/thing.ts",
        "app-features-apart: app/features/a/thing.ts → app/features/b/other.ts",
        "app-composition-on-top: app/features/b/other.ts → app/App.ts",
        "no-cycle: app/features/c/oauth.ts → app/features/c/signIn.ts",
        "cli-and-bridge-on-top: core/usesCli.ts → cli/main.ts",
        "cli-and-bridge-on-top: bridge/usesCli.ts → cli/main.ts",
        "server-speaks-protocol: server/usesClient.ts → core/index.ts",
        "mcp-knows-no-tasks: core/mcp/callRunner.ts → core/tasks/drive.ts",
      ].sort(),
    );
  }, 60_000);

  it("find in src/app, src/cli and src/bridge exactly the known imports between features, no more (and the list is not stale)", async () => {
    const found = await violations(["src/core", "src/server", "src/app", "src/cli", "src/bridge"]);
    const key = (v: { rule: string; from: string; to: string }) => `${v.rule}: ${v.from} → ${v.to}`;
    expect(found.map(key).sort()).toEqual(known.map((k) => key({ rule: k.rule.name, from: k.from, to: k.to })).sort());
    expect(known.every((k) => k.rule.name === "app-features-apart")).toBe(true);
    // The list is empty: features reach each other only through the composition (src/app/views).
    expect(known).toEqual([]);
  }, 120_000);

  it("refuse, in eslint, lib reaching up into the session", async () => {
    const messages = await lintAs("libImportsSession.ts", "src/app/lib/fixture.ts");
    expect(messages.map((m) => m.ruleId)).toEqual(["import-x/no-restricted-paths"]);
    expect(messages[0]?.message).toMatch(/the app's bottom layer/);
  });

  it("refuse, in eslint, a feature importing the composition", async () => {
    const messages = await lintAs("featureImportsView.ts", "src/app/features/call/fixture.ts");
    expect(messages.map((m) => m.ruleId)).toEqual(["import-x/no-restricted-paths"]);
    expect(messages[0]?.message).toMatch(/composition .* sits on top/);
  });

  it("refuse, in eslint, code that ships importing a test helper, and let a test do it", async () => {
    const shipped = await lintAs("shipsTestHelper.ts", "src/app/lib/fixture.ts");
    expect(shipped.map((m) => m.ruleId)).toEqual(["import-x/no-restricted-paths"]);
    expect(shipped[0]?.message).toMatch(/Code that ships never imports test\//);
    expect(await lintAs("shipsTestHelper.ts", "src/app/lib/fixture.test.ts")).toEqual([]);
  });

  it("refuse, in eslint, the server importing the client's entry, and let a server test do it", async () => {
    const shipped = await lintAs("serverImportsClient.ts", "src/server/fixture.ts");
    expect(shipped.map((m) => m.ruleId)).toEqual(["import-x/no-restricted-paths"]);
    expect(shipped[0]?.message).toMatch(/only through the protocol entry/);
    expect(await lintAs("serverImportsClient.ts", "src/server/fixture.test.ts")).toEqual([]);
  });
});
