/**
 * Figure 5: start-up. From navigation to "connected" on what `npm start` serves (the production
 * build behind startAppServer, with the bridge beside it, exactly as bin/start.ts wires them),
 * against the official MCP Inspector (its package in devDependencies, started by its own launcher)
 * from navigation to connected in the same Chromium, trials interleaved. The official inspector
 * needs one click on its connect switch: the click is made as soon as the switch is there, and
 * counted. Each trial is a fresh browser context (cold cache), as a first visit.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import type { Browser, Page } from "@playwright/test";
import { startBridge } from "../src/bridge";
import { startAppServer } from "../src/bridge/appServer";
import { demoServer } from "../src/server/demo";
import { startHttpServer } from "../src/server/http/handler";
import { figure, reported, withinTimes, type Figure } from "./lib/figures";
import { APP_DIR, launchChromium } from "./lib/browser";
import { median } from "./lib/stats";
import { freePort } from "../test/support/freePort";

// A trial of ours takes 140-320 ms on this 2-core machine with nothing else running (pausing between
// trials changes nothing): the median of 15 moved by about 13 ms from run to run, the ratio by about
// 0.015 (0.22-0.27x over eleven runs). 31 trials a side take the standard error down by about a third.
const TRIALS = 31;

interface Official {
  url: string;
  version: string;
  stop(): void;
}

/** Starts the official inspector's web UI (its launcher, as `npx @modelcontextprotocol/inspector` does) for one HTTP server. */
async function startOfficial(serverUrl: string): Promise<Official> {
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve("@modelcontextprotocol/inspector/package.json");
  const pkg = JSON.parse(readFileSync(pkgPath, "utf8")) as { version: string };
  const launcher = join(dirname(pkgPath), "clients/launcher/build/index.js");
  const storage = mkdtempSync(join(tmpdir(), "presa-bench-inspector-"));
  const [client, sandbox, origin] = [await freePort(), await freePort(), await freePort()];
  const child: ChildProcess = spawn(process.execPath, [launcher, "--web", "--transport", "http", "--server-url", serverUrl], {
    env: {
      ...process.env,
      CLIENT_PORT: String(client),
      MCP_SANDBOX_PORT: String(sandbox),
      MCP_APP_ORIGIN_PORT: String(origin),
      MCP_AUTO_OPEN_ENABLED: "false",
      MCP_STORAGE_DIR: storage,
      MCP_INSPECTOR_SECRET_STORE: "memory",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const stop = (): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    rmSync(storage, { recursive: true, force: true });
  };
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`the official inspector did not start in 60 s: ${out.slice(-500)}`)), 60_000);
    const read = (chunk: Buffer): void => {
      out += chunk.toString("utf8");
      const found = /(http:\/\/127\.0\.0\.1:\d+\/?\?MCP_INSPECTOR_API_TOKEN=[0-9a-f]+)/.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve(found[1] as string);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => reject(new Error(`the official inspector exited (${code}): ${out.slice(-500)}`)));
  }).catch((e: unknown) => {
    stop();
    throw e;
  });
  return { url, version: pkg.version, stop };
}

/**
 * Records, from the first script of the page on, when `connected()` first holds (checked on every
 * DOM change), in ms since navigation start: no polling from outside, so no round trip is counted.
 */
async function timeToConnected(browser: Browser, url: string, connected: string, click?: (page: Page) => Promise<void>): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript((test: string) => {
      const check = new Function(`return (${test})`) as () => boolean;
      const w = window as unknown as { __connectedAt?: number };
      const observer = new MutationObserver(() => {
        if (w.__connectedAt === undefined && check()) {
          w.__connectedAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    }, connected);
    await page.goto(url);
    if (click) await click(page);
    const handle = await page.waitForFunction(() => (window as unknown as { __connectedAt?: number }).__connectedAt, undefined, { timeout: 60_000 });
    return (await handle.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

export async function run(log: (line: string) => void): Promise<Figure[]> {
  const bridge = await startBridge({ port: 0, loopbackOrigins: false });
  const app = await startAppServer({ root: APP_DIR, bridge: { url: bridge.url, token: bridge.token }, port: 0 });
  bridge.setAllowedOrigins([`http://127.0.0.1:${app.port}`, `http://localhost:${app.port}`]);
  const demo = await startHttpServer(demoServer());
  const official = await startOfficial(demo.url);
  const browser = await launchChromium();
  // Ours: the page connects to its embedded demo server by itself (the connection bar's status).
  const oursConnected = `document.querySelector('.status[data-status="connected"], [aria-live][data-status="connected"]') !== null`;
  // Ours to the same HTTP server as theirs, from a link naming it, with one click on Connect.
  const oursHttp = async (page: Page): Promise<void> => page.getByRole("button", { name: /^connect$/i }).first().click();
  // Theirs: the server card's status reads "Connected" after the click on its switch.
  const theirsConnected = `[...document.querySelectorAll("body *")].some((e) => e.childElementCount === 0 && e.textContent === "Connected")`;
  const theirsClick = async (page: Page): Promise<void> => page.locator(".mantine-Switch-track").first().click();
  const a: number[] = [];
  const b: number[] = [];
  const c: number[] = [];
  try {
    const runOurs = async () => a.push(await timeToConnected(browser, app.url, oursConnected));
    const runOursHttp = async () => c.push(await timeToConnected(browser, `${app.url}?target=${encodeURIComponent(demo.url)}`, oursConnected, oursHttp));
    const runTheirs = async () => b.push(await timeToConnected(browser, official.url, theirsConnected, theirsClick));
    // One untimed round each: the servers' first requests (and the OS's file cache) are not a page's start-up.
    await timeToConnected(browser, app.url, oursConnected);
    await timeToConnected(browser, official.url, theirsConnected, theirsClick);
    for (let i = 0; i < TRIALS; i++) {
      if (i % 2 === 0) {
        await runOurs();
        await runTheirs();
        await runOursHttp();
      } else {
        await runOursHttp();
        await runTheirs();
        await runOurs();
      }
    }
  } finally {
    await browser.close();
    official.stop();
    await demo.close();
    await app.close();
    await bridge.close();
  }
  const [ours, theirs, http] = [median(a), median(b), median(c)];
  const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(", ");
  log(`  start-up to connected: ours ${ours.toFixed(0)} ms (${list(a)}), ours to the HTTP demo with a click ${http.toFixed(0)} ms (${list(c)}); MCP Inspector ${official.version} ${theirs.toFixed(0)} ms (${list(b)})`);
  const note = `median of ${TRIALS} interleaved trials, each a fresh browser context (cold cache) after one untimed round each; time from navigation start to the first DOM change at which the page shows connected (a MutationObserver installed before the page's scripts)`;
  return [
    figure({
      id: "app.startup",
      name: "5. start-up: navigation → connected (npm start)",
      value: ours,
      unit: "ms",
      baseline: theirs,
      baselineName: `MCP Inspector ${official.version}, one connect click`,
      goal: withinTimes(0.25),
      note: `${note}; ours: the production build as npm start serves it (startAppServer with the bridge), connecting by itself to its embedded demo server; theirs: @modelcontextprotocol/inspector ${official.version}'s launcher (--web --transport http) for our demo server over Streamable HTTP on 127.0.0.1, its connect switch clicked as soon as it can be`,
    }),
    figure({
      id: "app.startupHttp",
      name: "5. start-up to an HTTP server, one Connect click",
      value: http,
      unit: "ms",
      baseline: theirs,
      baselineName: `MCP Inspector ${official.version}, one connect click`,
      goal: reported(),
      note: `${note}; ours opened with ?target=<the same demo server URL> and its Connect button clicked as soon as it can be, so both sides reach the same server over HTTP with one click`,
    }),
  ];
}
