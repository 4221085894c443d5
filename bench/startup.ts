/**
 * Figure 5: start-up. From navigation to "connected" on what `npm start` serves (the production
 * build behind startAppServer, with the bridge beside it, exactly as bin/start.ts wires them),
 * against two baselines in the same Chromium, trials in turn: the floor (bench/floor: a bare React
 * page built by Vite that shows the same status element after an in-page round trip of the
 * handshake's size) and the official MCP Inspector (its package in devDependencies, started by its
 * own launcher), which needs one click on its connect switch: the click is made at the DOM change
 * that shows the switch (real mouse input; no polling, no wait for the load event), and counted.
 * The same trials take ours over HTTP: opened from a link naming the demo server, one click on
 * Connect, made the same way. Each trial is a fresh browser context (cold cache), as a first visit.
 * Then a few traced loads of each say where the main thread's time went.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import type { Browser } from "@playwright/test";
import { version as REACT_VERSION } from "react";
import { startBridge } from "../src/bridge";
import { startAppServer } from "../src/bridge/appServer";
import { demoServer } from "../src/server/demo";
import { startHttpServer } from "../src/server/http/handler";
import { figure, withinTimes, type Figure } from "./lib/figures";
import { APP_DIR, launchChromium, openBenchPage } from "./lib/browser";
import { formatSpread, rotated, spread } from "./lib/stats";
import { buildFloor, FLOOR_DIR, formatProfile, medianProfile, OURS_CONNECTED, OURS_CONNECT_BUTTON, profileLoad, timeToConnected, type Profile } from "./lib/startupPage";
import { freePort } from "../test/support/freePort";

// A trial of ours takes 140-320 ms on this 2-core machine with nothing else running (pausing between
// trials changes nothing): the median of 15 moved by about 13 ms from run to run, the ratio by about
// 0.015 (0.22-0.27x over eleven runs). 31 trials a side take the standard error down by about a third.
const TRIALS = Number(process.env.BENCH_TRIALS) || 31;
/** Traced loads per page for the profile summary. */
const PROFILED = 5;

interface Official {
  url: string;
  version: string;
  stop(): void;
}

/** Starts the official inspector's web UI (its launcher, as `npx @modelcontextprotocol/inspector` does) for one HTTP server. */
export async function startOfficial(serverUrl: string): Promise<Official> {
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

const OFFICIAL_CONNECTED = `[...document.querySelectorAll("body *")].some((e) => e.childElementCount === 0 && e.textContent === "Connected")`;
/** Theirs: the server card's connect switch, clicked once as soon as it is there. */
const OFFICIAL_SWITCH = ".mantine-Switch-track";

/** The embedded connection's handshake as the page logs it: frames, and characters each way. */
async function handshakeSize(browser: Browser, url: string): Promise<{ frames: number; out: number; in: number }> {
  const { page } = await openBenchPage(browser, url);
  const stats = await page.evaluate(() => (window as unknown as { __presaBench: import("../src/app/benchHooks").BenchHooks }).__presaBench.stats());
  await page.context().close();
  return { frames: stats.wire, out: stats.wireOutBytes, in: stats.wireBytes - stats.wireOutBytes };
}

export async function run(log: (line: string) => void): Promise<Figure[]> {
  await buildFloor();
  const bridge = await startBridge({ port: 0, loopbackOrigins: false });
  const app = await startAppServer({ root: APP_DIR, bridge: { url: bridge.url, token: bridge.token }, port: 0 });
  bridge.setAllowedOrigins([`http://127.0.0.1:${app.port}`, `http://localhost:${app.port}`]);
  // The floor is served by the same server code as ours (the same headers, CSP and bridge meta tag).
  const floorServer = await startAppServer({ root: FLOOR_DIR, bridge: { url: bridge.url, token: bridge.token }, port: 0 });
  const demo = await startHttpServer(demoServer());
  const official = await startOfficial(demo.url);
  const browser = await launchChromium();
  const oursHttpUrl = `${app.url}?target=${encodeURIComponent(demo.url)}`;
  let samples: number[][] = [];
  let size = { frames: 0, out: 0, in: 0 };
  let profiles: { floor: Profile; ours: Profile; oursHttp: Profile; official: Profile } | undefined;
  try {
    size = await handshakeSize(browser, app.url);
    const floorUrl = `${floorServer.url}?out=${size.out}&in=${size.in}`;
    const contenders = [
      () => timeToConnected(browser, app.url, OURS_CONNECTED),
      () => timeToConnected(browser, floorUrl, OURS_CONNECTED),
      () => timeToConnected(browser, official.url, OFFICIAL_CONNECTED, OFFICIAL_SWITCH),
      () => timeToConnected(browser, oursHttpUrl, OURS_CONNECTED, OURS_CONNECT_BUTTON),
    ];
    // One untimed round each: the servers' first requests (and the OS's file cache) are not a page's start-up.
    for (const c of contenders) await c();
    samples = await rotated(TRIALS, contenders);
    log(`  samples (ms): ${["ours", "floor", "theirs", "ours over HTTP"].map((name, i) => `${name} ${(samples[i] as number[]).map((x) => x.toFixed(0)).join(" ")}`).join("; ")}`);
    // Where the time goes: a few traced loads of each (tracing slows a page, so these are not the figures).
    const traced = async (url: string, connected: string, click?: string) => {
      const runs: Profile[] = [];
      for (let i = 0; i < PROFILED; i++) runs.push(await profileLoad(browser, url, connected, click));
      return medianProfile(runs);
    };
    profiles = {
      floor: await traced(floorUrl, OURS_CONNECTED),
      ours: await traced(app.url, OURS_CONNECTED),
      oursHttp: await traced(oursHttpUrl, OURS_CONNECTED, OURS_CONNECT_BUTTON),
      official: await traced(official.url, OFFICIAL_CONNECTED, OFFICIAL_SWITCH),
    };
  } finally {
    await browser.close();
    official.stop();
    await demo.close();
    await floorServer.close();
    await app.close();
    await bridge.close();
  }
  const [a, f, b, c] = samples as [number[], number[], number[], number[]];
  const [ours, floor, theirs, http] = [spread(a), spread(f), spread(b), spread(c)];
  log(`  start-up to connected: ours ${formatSpread(ours, "ms")}; floor ${formatSpread(floor, "ms")}; MCP Inspector ${official.version} ${formatSpread(theirs, "ms")}`);
  log(`  the handshake the floor's round trip copies: ${size.frames} frames, ${size.out} characters out, ${size.in} back`);
  log(`  first connect to the HTTP demo, one click: ours ${formatSpread(http, "ms")}`);
  const p = profiles as NonNullable<typeof profiles>;
  log(`  where the time goes (renderer main thread, median of ${PROFILED} traced loads each; tracing slows pages):`);
  log(`    floor     ${formatProfile(p.floor)}`);
  log(`    ours      ${formatProfile(p.ours)}`);
  log(`    ours HTTP ${formatProfile(p.oursHttp)}`);
  log(`    theirs    ${formatProfile(p.official)}`);
  const how = `median of ${TRIALS} trials in turn (ours, the floor, theirs, ours over HTTP, the order turned by one each trial), each a fresh browser context (cold cache) after one untimed round each; time from navigation start to the first DOM change at which the page shows connected (a MutationObserver installed before the page's scripts)`;
  const spreads = `ours ${formatSpread(ours, "ms")}; floor ${formatSpread(floor, "ms")}; theirs ${formatSpread(theirs, "ms")}; ours over HTTP ${formatSpread(http, "ms")}`;
  const ourSide = "ours: the production build as npm start serves it (startAppServer with the bridge), connecting by itself to its embedded demo server";
  const theirSide = `theirs: @modelcontextprotocol/inspector ${official.version}'s launcher (--web --transport http) for our demo server over Streamable HTTP on 127.0.0.1, its connect switch clicked once, by real mouse input, at the DOM change that shows it (bench/lib/startupPage.ts clickWhenShown)`;
  const floorSide = `the floor: bench/floor, React ${REACT_VERSION} built by Vite (production), one component rendered once after a MessageChannel round trip of the handshake's size (${size.out} characters out, ${size.in} back, JSON text parsed on each side; the app's handshake is ${size.frames} frames), served by the same startAppServer`;
  const where = `where the time goes (renderer main thread from navigation start to connected, self time by kind, median of ${PROFILED} traced loads each): floor ${formatProfile(p.floor)}; ours ${formatProfile(p.ours)}; ours over HTTP ${formatProfile(p.oursHttp)}; theirs ${formatProfile(p.official)}`;
  return [
    figure({
      id: "app.startupFloor",
      name: "5. start-up: navigation → connected, against the floor",
      value: ours.median,
      unit: "ms",
      baseline: floor.median,
      baselineName: "a bare React page (bench/floor)",
      goal: withinTimes(1.3),
      note: `${how}; ${ourSide}; ${floorSide}; ${spreads}; ${where}`,
    }),
    figure({
      id: "app.startup",
      name: "5. start-up: navigation → connected (npm start)",
      value: ours.median,
      unit: "ms",
      baseline: theirs.median,
      baselineName: `MCP Inspector ${official.version}, one connect click`,
      goal: withinTimes(0.2),
      note: `${how}; ${ourSide}; ${theirSide}; ${spreads}`,
    }),
    figure({
      id: "app.startupHttp",
      name: "5. first connect to an HTTP server, one Connect click",
      value: http.median,
      unit: "ms",
      baseline: theirs.median,
      baselineName: `MCP Inspector ${official.version}, one connect click`,
      goal: withinTimes(0.3),
      note: `${how}; ours opened with ?target=<the same demo server URL> and its Connect button clicked the same way, so both sides reach the same server over HTTP with one click; ${theirSide}; ${spreads}`,
    }),
  ];
}
