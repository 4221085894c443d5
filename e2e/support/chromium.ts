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

/** Debian's package paths: `apt-get install chromium` and `apt-get install chromium-headless-shell`. */
const SYSTEM_CHROMIUM = "/usr/bin/chromium";
const SYSTEM_HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

/**
 * Which build a caller would rather have when both are installed:
 * - "headless-shell" (the e2e tests): Chromium's headless shell, the same build Playwright itself runs
 *   headless tests in. It has no browser UI, so a page costs far less CPU: the e2e run on two cores took
 *   6.6 min and 722 CPU-s with it, 10.3 min and 1,174 CPU-s with the full browser, for the same 191 tests.
 * - "browser" (the bench and the README's screenshots): the full browser a person runs, since those
 *   figures and pictures stand for what a user sees.
 */
export type ChromiumKind = "headless-shell" | "browser";

/**
 * The Chromium binary to launch: `CHROMIUM_PATH`, else the system's build of the preferred kind, else the
 * other kind, else Playwright's own download when one is installed. Playwright's download cannot be
 * fetched on machines without internet access, so a system package is the usual source.
 */
export function resolveChromium(env: NodeJS.ProcessEnv = process.env, prefer: ChromiumKind = "browser"): string {
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but no file exists there.`);
    return fromEnv;
  }
  const order = prefer === "headless-shell" ? [SYSTEM_HEADLESS_SHELL, SYSTEM_CHROMIUM] : [SYSTEM_CHROMIUM, SYSTEM_HEADLESS_SHELL];
  const system = order.find((path) => existsSync(path));
  if (system !== undefined) return system;
  const bundled = bundledChromium();
  if (bundled !== undefined) return bundled;
  throw new Error(
    "No Chromium found. Install one (`apt-get install chromium-headless-shell` for the tests, `apt-get install " +
      `chromium\` for the bench; they provide ${SYSTEM_HEADLESS_SHELL} and ${SYSTEM_CHROMIUM}) or set CHROMIUM_PATH to a Chromium or Chrome executable.`,
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
