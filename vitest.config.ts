import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { OWN_MODULES } from "./test/support/ownModules";

// Two projects in one run, so `npm test` spends no time waiting on one while the other could run:
// most unit files and every interop file wait on a spawned process, a socket or a server rather than
// the CPU, and the conformance suite's file alone takes over a minute.
// - unit: the cores, the app's components and the bridge, in Node. The cores never touch the DOM;
//   component tests opt into jsdom per file with a `// @vitest-environment jsdom` docblock.
// - interop: the official conformance suite, the official SDK and server-everything, all on
//   127.0.0.1; after the run the table reporter prints a row for each scenario (`npm run conformance`
//   prints only the table).
// The few unit files that replace a module (vi.mock) run as a third project, unit-own-modules.

/** What both unit projects run with. */
const UNIT = { environment: "node", pool: "threads" as const, setupFiles: ["test/support/testingLibrary.ts"] };

export default defineConfig({
  test: {
    // A ceiling against a hang, not a measure of speed: the property tests (10,000+ cases) and the
    // tests that spawn servers take several times longer on a busy 2-core machine, and must pass there.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Vitest's default on a 2-core machine is one worker (cores - 1). Since most files wait rather than
    // compute, more workers than cores finish the suite sooner; the ceiling above keeps a busy machine
    // from failing them.
    maxWorkers: Math.max(3, availableParallelism()),
    reporters: ["default", "./test/support/interop/tableReporter.ts"],
    // The demo servers, the conformance client and the stdio fixtures bundled once for the run, so each
    // process a test starts is plain node on that bundle (test/support/entries.ts says why).
    globalSetup: ["test/support/globalSetup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "test/interop/**", ...OWN_MODULES],
          ...UNIT,
          // A worker keeps its modules from one file to the next instead of importing them again for
          // each of the 188 files: importing was over a quarter of this project's CPU (391 CPU-s
          // isolated, 278 shared). No file may rely on a fresh module; the check is a run with the files
          // in shuffled order, `npx vitest run --project unit --sequence.shuffle.files --sequence.seed=N`.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Files that replace a module (vi.mock) must not hand that replacement to the next file.
          name: "unit-own-modules",
          include: OWN_MODULES,
          ...UNIT,
        },
      },
      {
        extends: true,
        test: {
          name: "interop",
          include: ["test/interop/**/*.interop.test.ts"],
          environment: "node",
          // The suite's runs (a minute or more for a revision's whole set, each client given up to
          // two minutes) and the servers they start.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          maxConcurrency: 4,
          pool: "forks",
        },
      },
    ],
  },
});
