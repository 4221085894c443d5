// TEMPORARY (helper's local run, not for commit): e2e specs against a vite build that skips tsc.
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromium } from "./e2e/support/chromium";
import { APP_PORT as port, DEMO_PORT, DEMO_STATE_SECRET } from "./e2e/support/ports";
export default defineConfig({
  testDir: "e2e",
  testMatch: (process.env.SPECS ?? "hostile.spec.ts,faults.spec.ts").split(","),
  reporter: [["list"]],
  outputDir: "/tmp/pwh/results",
  use: { baseURL: `http://127.0.0.1:${port}`, trace: "retain-on-failure" },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: resolveChromium(), args: [...CHROMIUM_ARGS] } } }],
  webServer: [
    { command: `npx vite build --outDir /tmp/pwh/dist --emptyOutDir && npx vite preview --outDir /tmp/pwh/dist --host 127.0.0.1 --port ${port} --strictPort`, url: `http://127.0.0.1:${port}`, reuseExistingServer: false, timeout: 180_000 },
    { command: `npx tsx bin/demo-server.ts --port ${DEMO_PORT} --state-secret ${DEMO_STATE_SECRET}`, port: DEMO_PORT, reuseExistingServer: false, timeout: 60_000 },
  ],
});
