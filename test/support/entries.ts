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
import fs, { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type BuildOptions } from "esbuild";

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
 * How every bundle here is made: our sources (and the package's `#` imports, resolved under the "node"
 * condition) bundled; packages stay in node_modules (oidc-provider, the SDK), tsx-free at run time.
 */
const NODE_BUNDLE = { bundle: true, platform: "node", format: "esm", target: "node20", packages: "external", write: false, logLevel: "warning" } satisfies BuildOptions;

/**
 * The official conformance suite's CLI, rebuilt for this node (see buildConformanceCli): what the
 * interop tests and scripts/conformance-parallel.ts start as `node <this> client …`.
 */
export const CONFORMANCE_CLI = join(OUT, "conformance-cli.mjs");

/** The installed conformance package's folder (its CLI in dist/, its requirements/ beside it). */
export const CONFORMANCE_DIR = dirname(createRequire(import.meta.url).resolve("@modelcontextprotocol/conformance/package.json"));

/** Writes through a partial file and a rename: a process started meanwhile never reads half a file. */
function writeWhole(target: string, contents: Uint8Array | undefined): void {
  const partial = `${target}.${process.pid}.partial`;
  writeFileSync(partial, contents ?? new Uint8Array());
  renameSync(partial, target);
}

/**
 * The suite's CLI (one ES module, its packages imported from node_modules) bundled again beside the
 * entries, with two changes. On a node without `fs.globSync` (Node 20: every 0.2.0 alpha imports it,
 * and the link fails before any scenario runs) its own `fs` imports get scripts/node20/fsWithGlob.mjs,
 * node:fs plus a small globSync. A resolve hook registered with `node:module` did the same before, but
 * a registered hook runs every import of the process through a loader thread: the CLI took 1.4 s of
 * CPU to print its version that way, 0.6 s as this bundle, and the suite starts it once per scenario.
 * `import.meta.url` keeps naming the package's own file, so the CLI still finds its requirements
 * folder beside it.
 */
export async function buildConformanceCli(): Promise<void> {
  const entry = join(CONFORMANCE_DIR, "dist/index.js");
  const shim = join(ROOT, "scripts/node20/fsWithGlob.mjs");
  const needsShim = typeof (fs as { globSync?: unknown }).globSync !== "function";
  const options: BuildOptions = {
    ...NODE_BUNDLE,
    entryPoints: [entry],
    define: { "import.meta.url": JSON.stringify(pathToFileURL(entry).href) },
    plugins: needsShim ? [{ name: "fs-with-glob", setup: (b) => b.onResolve({ filter: /^(node:)?fs$/ }, (a) => (a.importer === entry ? { path: shim } : undefined)) }] : [],
  };
  const result = await build(options);
  mkdirSync(OUT, { recursive: true });
  writeWhole(CONFORMANCE_CLI, result.outputFiles?.[0]?.contents);
}

/**
 * Bundles every entry, and the conformance suite's CLI. Each file is written whole (writeWhole), so a
 * process started while another run (a second vitest project, a second checkout's run) rebuilds never
 * reads a half-written file.
 */
export async function buildEntries(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  await Promise.all([
    buildConformanceCli(),
    ...ENTRIES.map(async (entry) => {
      const result = await build({ ...NODE_BUNDLE, entryPoints: [join(ROOT, entry)] });
      writeWhole(built(entry), result.outputFiles[0]?.contents);
    }),
  ]);
}
