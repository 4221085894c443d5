import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromium } from "./e2e/support/chromium";

import { APP_PORT as port, AUTH_DEMO_PORT, AUTH_SERVER_PORT, BRIDGE_PORT, EVERYTHING_SSE_PORT, BRIDGE_TOKEN, DEMO_PORT as demoPort, DEMO_STATE_SECRET, NO_CORS_PORT } from "./e2e/support/ports";
const baseURL = `http://127.0.0.1:${port}`;
const ci = Boolean(process.env.CI);
// Where the app is built for e2e: dist/ unless E2E_DIST names another folder (so two checkouts or two
// people on one machine can run e2e side by side with their own E2E_PORT and build).
const outDir = process.env.E2E_DIST ?? "dist";

export default defineConfig({
  testDir: "e2e",
  // Beside its own build, so two runs side by side never clean each other's artifacts.
  outputDir: process.env.E2E_DIST ? `test-results-${process.env.E2E_DIST}` : "test-results",
  // Ceilings against a hang, not measures of speed: on a busy 2-core machine a spawned server or a
  // 500-field form takes several times longer than on an idle one, and the suite must pass there too.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  // Two on CI's two cores. Four were tried: on an idle 2-core machine each test took three times as
  // long (four browsers' own processes fight for the cores), so the run was slower, not faster.
  workers: ci ? 2 : undefined,
  reporter: ci ? "list" : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // "retain-on-failure" records a trace (snapshots and a screencast) of every test and keeps the
    // failures': on CI's two cores that recording made the run about a quarter slower. There a
    // failed test is traced on its retry instead; locally, where nothing is retried, every failure keeps its trace.
    trace: ci ? "on-first-retry" : "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: resolveChromium(process.env, "headless-shell"),
          args: [...CHROMIUM_ARGS],
        },
      },
    },
  ],
  webServer: [
    {
      command: `npx vite build --outDir ${outDir} && npx vite preview --outDir ${outDir} --host 127.0.0.1 --port ${port} --strictPort`,
      url: baseURL,
      reuseExistingServer: !ci,
      timeout: 180_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: `npx tsx bin/demo-server.ts --port ${demoPort} --state-secret ${DEMO_STATE_SECRET}`,
      port: demoPort,
      reuseExistingServer: !ci,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // The local bridge with a known token, which e2e/bridge.spec.ts pastes into the built app.
      command: `npx tsx bin/bridge.ts --port ${BRIDGE_PORT}`,
      port: BRIDGE_PORT,
      // Its saved servers' file in a folder of its own, never the user's ~/.config.
      env: { PRESA_BRIDGE_TOKEN: BRIDGE_TOKEN, XDG_CONFIG_HOME: join(tmpdir(), `presa-e2e-config-${port}`) },
      reuseExistingServer: !ci,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // The protected demo beside its authorization server (e2e/auth.spec.ts signs in to it). Ready
      // when the authorization server's port is open, which happens after the MCP endpoint listens. (A
      // port, not a URL: both servers listen a moment before they attach their handlers, and an HTTP
      // readiness probe sent in that moment would never be answered.)
      command: `npx tsx bin/demo-server.ts --auth --port ${AUTH_DEMO_PORT} --auth-port ${AUTH_SERVER_PORT}`,
      port: AUTH_SERVER_PORT,
      reuseExistingServer: !ci,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // server-everything's old HTTP+SSE entry (e2e/sse.spec.ts), pinned to 127.0.0.1 by the preload.
      command: `node --import ./scripts/loopback-only.mjs node_modules/@modelcontextprotocol/server-everything/dist/index.js sse`,
      port: EVERYTHING_SSE_PORT,
      env: { PORT: String(EVERYTHING_SSE_PORT) },
      reuseExistingServer: !ci,
      timeout: 60_000,
      // It logs a line to stderr per message it receives, which buried the test list in CI's output;
      // a server that does not start still fails the run (its port never opens).
      stdout: "ignore",
      stderr: "ignore",
    },
    {
      command: `npx tsx e2e/support/noCorsServer.ts`,
      port: NO_CORS_PORT,
      reuseExistingServer: !ci,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
