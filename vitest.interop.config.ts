import { defineConfig } from "vitest/config";

// The interop run: the official conformance suite, the official SDK and server-everything,
// all on 127.0.0.1. `npm run test:interop` reports per test and then prints the table;
// `npm run conformance` prints only the table (--reporter overrides the list below).
export default defineConfig({
  test: {
    include: ["test/interop/**/*.interop.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 300_000,
    maxConcurrency: 4,
    pool: "forks",
    reporters: ["default", "./test/support/interop/tableReporter.ts"],
  },
});
