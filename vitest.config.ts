import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

// Unit and integration tests run in Node: the cores never touch the DOM. Component tests opt into
// jsdom per file with a `// @vitest-environment jsdom` docblock.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "test/**/*.test.ts"],
    // The interop run has its own config (vitest.interop.config.ts) and script (test:interop).
    exclude: [...configDefaults.exclude, "test/interop/**"],
    environment: "node",
    // A ceiling against a hang, not a measure of speed: the property tests (10,000+ cases) and the
    // tests that spawn servers take several times longer on a busy 2-core machine, and must pass there.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "threads",
    // Vitest's default on a 2-core machine is one worker (cores - 1). Most files here wait on a
    // spawned process, a socket or a server rather than the CPU, so more workers than cores finish
    // the suite sooner; the 120 s ceiling above keeps a busy machine from failing them.
    maxWorkers: Math.max(3, availableParallelism()),
    setupFiles: ["test/support/testingLibrary.ts"],
  },
});
