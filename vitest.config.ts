import { configDefaults, defineConfig } from "vitest/config";

// Unit and integration tests run in Node: the cores never touch the DOM. Component tests opt into
// jsdom per file with a `// @vitest-environment jsdom` docblock.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "test/**/*.test.ts"],
    // The interop run has its own config (vitest.interop.config.ts) and script (test:interop).
    exclude: [...configDefaults.exclude, "test/interop/**"],
    environment: "node",
    testTimeout: 20000,
    hookTimeout: 20000,
    pool: "threads",
    setupFiles: ["test/support/testingLibrary.ts"],
  },
});
