// TEMPORARY (helper's local run, not for commit): the e2e specs of issue 8 against a vite build that skips tsc.
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromium } from "./e2e/support/chromium";
const port = 6911;
export default defineConfig({
  testDir: "e2e",
  testMatch: ["hostile.spec.ts", "faults.spec.ts"],
  reporter: [["list"]],
  outputDir: "/tmp/pwh/results",
  use: { baseURL: `http://127.0.0.1:${port}`, trace: "retain-on-failure" },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: resolveChromium(), args: [...CHROMIUM_ARGS] } } }],
  webServer: [{ command: `npx vite build --outDir /tmp/pwh/dist --emptyOutDir && npx vite preview --outDir /tmp/pwh/dist --host 127.0.0.1 --port ${port} --strictPort`, url: `http://127.0.0.1:${port}`, reuseExistingServer: false, timeout: 180_000 }],
});
