import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/**
 * The flags the e2e tests and the bench (bench/lib/browser.ts) run Chromium with: no sandbox (CI runs
 * as root), no GPU, and nothing that calls home.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

/** Debian's package path; `.ci/run` installs it there with `apt-get install chromium`. */
const SYSTEM_CHROMIUM = "/usr/bin/chromium";

/**
 * The Chromium binary the e2e tests launch: `CHROMIUM_PATH`, else the system Chromium, else Playwright's
 * own download when one is installed. Playwright's download cannot be fetched on machines without
 * internet access, so a system package is the usual source.
 */
export function resolveChromium(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but no file exists there.`);
    return fromEnv;
  }
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const bundled = bundledChromium();
  if (bundled !== undefined) return bundled;
  throw new Error(
    "No Chromium found for the e2e tests. Install one (`apt-get install chromium`, which provides " +
      `${SYSTEM_CHROMIUM}) or set CHROMIUM_PATH to a Chromium or Chrome executable.`,
  );
}

function bundledChromium(): string | undefined {
  let path: string;
  try {
    path = chromium.executablePath();
  } catch {
    return undefined; // Playwright knows no build for this platform: same as "not installed".
  }
  return path !== "" && existsSync(path) ? path : undefined;
}
