// The repository's TypeScript entries that tests start as processes (the demo server over stdio and
// HTTP, the conformance client, the stdio fixtures), bundled once per test run by the global setup
// (test/support/globalSetup.ts) into test/.out/entries.
//
// Why not `node --import tsx <entry>.ts` per process: tsx loads esbuild and its loader hooks and
// transforms the entry's module graph in every process it starts. That costs about a second of CPU
// per start (0.15 s for the bundle), and the suite starts a few hundred such processes: on two cores
// that was minutes of a run spent starting servers. The bundle is the same source (our code bundled,
// packages left to node_modules, the "node" condition for the `#` imports), rebuilt at the start of
// every run, so a test never runs stale code. The tests that are about what a user types
// (`npm start`, `npm run bridge`, the e2e bridge spec) still start tsx as the user does.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { build } from "esbuild";

const ROOT = resolve(import.meta.dirname, "../..");
const OUT = join(ROOT, "test/.out/entries");

/** The entries bundled, by their path in the repository. */
export const ENTRIES = ["bin/demo-stdio.ts", "bin/demo-server.ts", "bin/conformance-client.ts", "test/fixtures/noisyStdio.ts"] as const;
export type Entry = (typeof ENTRIES)[number];

/** The bundle of `entry` (built by the global setup before any test file runs). */
export function built(entry: Entry): string {
  return join(OUT, basename(entry).replace(/\.ts$/, ".mjs"));
}

/** The argv that starts `entry`'s bundle with this node: `[node, bundle]`. */
export function nodeArgs(entry: Entry): [string, string] {
  return [process.execPath, built(entry)];
}

/** The same as one shell command (for the suite's `--command`, the CLI's `--stdio`). */
export function nodeCommand(entry: Entry): string {
  return `${process.execPath} ${built(entry)}`;
}

/**
 * Bundles every entry. Each file is written beside its final name and then renamed, so a process
 * started while another run (a second vitest project, a second checkout's run) rebuilds never reads a
 * half-written file.
 */
export async function buildEntries(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  await Promise.all(
    ENTRIES.map(async (entry) => {
      const result = await build({
        entryPoints: [join(ROOT, entry)],
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node20",
        // Packages stay in node_modules (oidc-provider, the SDK, tsx-free at run time); our own
        // sources and the package's `#` imports, resolved under the "node" condition, are bundled.
        packages: "external",
        write: false,
        logLevel: "warning",
      });
      const target = built(entry);
      const partial = `${target}.${process.pid}.partial`;
      writeFileSync(partial, result.outputFiles[0]?.contents ?? new Uint8Array());
      renameSync(partial, target);
    }),
  );
}
