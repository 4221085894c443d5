/**
 * The official conformance suite's own CLI, by hand, on this node: builds it as the tests do
 * (test/support/entries.ts: on Node 20 its `fs` imports get the globSync shim) and runs it with the
 * arguments given, its output and exit code passed through.
 *
 *   npx tsx scripts/conformance.ts client --command "npx tsx bin/conformance-client.ts" --scenario sse-retry --spec-version 2025-11-25
 */
import { spawnSync } from "node:child_process";
import { buildConformanceCli, CONFORMANCE_CLI } from "../test/support/entries";

await buildConformanceCli();
const { status } = spawnSync(process.execPath, [CONFORMANCE_CLI, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(status ?? 1);
