/**
 * The conformance suite's client requirements of 2026-07-28 and 2025-11-25 (each run by the suite
 * itself, every scenario at once) and the 2025-03-26 sign-in pair, all three side by side, as many
 * rounds in a row as asked (default 3): a sign-in must not depend on the suite's authorization
 * server answering at machine speed. Prints each round's pass counts and any failed scenario;
 * exits 1 when one failed.
 *
 *   npx tsx scripts/conformance-parallel.ts [rounds]
 */
import { buildEntries } from "../test/support/entries";
import { clientRequirements, runClientRequirements, runClientScenario, type ScenarioResult } from "../test/support/interop/conformance";

// The client the suite starts, bundled as the tests' global setup bundles it.
await buildEntries();

// What the requirements file runs but does not score (extensions such as DPoP or client credentials,
// which this client does not implement) is counted apart and never fails a round.
const notScored = new Map(["2026-07-28", "2025-11-25"].map((revision) => [revision, clientRequirements(revision).notScored]));
const scoredOnly = (r: ScenarioResult): boolean => !notScored.get(r.revision)?.has(r.scenario);

const rounds = Number(process.argv[2] ?? 3);
let failed = 0;
for (let round = 1; round <= rounds; round++) {
  const started = Date.now();
  const [modern, legacy, ...old] = await Promise.all([
    runClientRequirements("2026-07-28"),
    runClientRequirements("2025-11-25"),
    runClientScenario("auth/2025-03-26-oauth-metadata-backcompat", "2025-03-26"),
    runClientScenario("auth/2025-03-26-oauth-endpoint-fallback", "2025-03-26"),
  ]);
  const line = (name: string, all: ScenarioResult[]): string => {
    const results = all.filter(scoredOnly);
    const extra = all.length - results.length;
    return `${name} ${results.filter((r) => r.passed).length}/${results.length}${extra ? ` (+${extra} not scored)` : ""}`;
  };
  const secs = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`round ${round} (${secs} s): ${line("2026-07-28", modern ?? [])}, ${line("2025-11-25", legacy ?? [])}, ${line("2025-03-26 sign-in", old)}`);
  for (const r of [...(modern ?? []), ...(legacy ?? []), ...old].filter((x) => !x.passed && scoredOnly(x))) {
    failed++;
    console.log(`  FAILED ${r.scenario} @ ${r.revision}: ${r.problems.join("; ").slice(0, 400)}`);
  }
}
process.exit(failed > 0 ? 1 : 0);
