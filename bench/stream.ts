/**
 * The bridge's stream: bytes from a spawned server's stdout to the page, against a raw pipe. The
 * server is bench/fixtures/firehose.mjs (one write per line, as a server writes one message at a
 * time). Ours: the bridge in a process of its own, as `npm run bridge` runs it, spawning the
 * firehose for a page of the built app, which reads it with the app's own stdio transport
 * (BridgeStdioTransport over the bridge's HTTP API: POST /sessions, the SSE stream of
 * /sessions/:id/events) and counts what arrives. The raw pipe: the same firehose spawned by this
 * process, its stdout read and counted, nothing else. Both are timed from the first line's arrival
 * to the end, so neither counts a process start. Meanwhile the bridge's resident memory is sampled:
 * its peak over its idle size is held to the bound the bridge promises (idle + 128 MB, for 16 sessions).
 *
 * For context, the floor of the path itself: the same firehose spawned by a bare Node relay that
 * pipes its stdout into an HTTP response as it is (no framing, no backpressure rules, no memory
 * bound), read by a blank page of the same browser with fetch and counted, nothing decoded. That
 * is what any bridge from a process to a page costs on this machine before it does anything.
 */
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import type { BenchHooks, StreamRead } from "../src/app/benchHooks";
import { startAppServer } from "../src/bridge/appServer";
import { atLeastTimes, atMost, figure, reported, type Figure } from "./lib/figures";
import { APP_DIR, launchChromium, openBenchPage } from "./lib/browser";
import { median } from "./lib/stats";
import { COUNT_BODY } from "./lib/countBytes";

const FIREHOSE = resolve("bench/fixtures/firehose.mjs");
const MB = 1024 * 1024;
/** The two line shapes, and how many lines each run writes. */
const SHAPES = [
  { name: "1 MiB lines", lineBytes: MB, lines: 32, goal: 0.5 },
  { name: "10-byte lines", lineBytes: 10, lines: 100_000, goal: 0.25 },
] as const;
const TRIALS = Number(process.env.BENCH_TRIALS) || 3;
/** The bridge's promised bound over its idle size (Reliability: 16 sessions of empty lines stay under idle + 128 MB). */
const MEMORY_BOUND_MB = 128;

interface Bridge {
  url: string;
  token: string;
  pid: number;
  stop(): void;
}

/** The bridge as `npm run bridge` runs it (bin/bridge.ts under tsx), in a process of its own. */
async function startBridgeProcess(): Promise<Bridge> {
  const token = randomBytes(24).toString("hex");
  const child = spawn(process.execPath, ["--import", "tsx", "bin/bridge.ts", "--port", "0"], {
    env: { ...process.env, PRESA_BRIDGE_TOKEN: token },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = (): void => void child.kill("SIGTERM");
  const url = await new Promise<string>((done, fail) => {
    let out = "";
    const timer = setTimeout(() => fail(new Error(`the bridge did not start in 60 s: ${out}`)), 60_000);
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const found = /presa bridge on (http:\/\/\S+)/.exec(out);
      if (found) {
        clearTimeout(timer);
        done(found[1] as string);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => void (out += chunk.toString("utf8")));
    child.once("exit", (code) => fail(new Error(`the bridge exited (${code}): ${out}`)));
  }).catch((e: unknown) => {
    stop();
    throw e;
  });
  return { url, token, pid: child.pid as number, stop };
}

/** Resident memory of a process, in bytes (Linux /proc). */
function rss(pid: number): number {
  const found = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return found ? Number(found[1]) * 1024 : Number.NaN;
}

/** The firehose read straight from its pipe by this process: bytes after the first line, and the time they took. */
export function rawPipe(lineBytes: number, lines: number): Promise<StreamRead> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [FIREHOSE, String(lineBytes), String(lines)], { stdio: ["ignore", "pipe", "inherit"] });
    let started = -1;
    let bytes = 0;
    child.stdout.on("data", (chunk: Buffer) => {
      if (started < 0) {
        started = performance.now();
        // The ready line is not counted; whatever came with it is.
        bytes += chunk.length - (chunk.indexOf(10) + 1);
      } else bytes += chunk.length;
    });
    child.once("error", fail);
    child.once("close", (code) => {
      const ms = performance.now() - started;
      if (code !== 0) fail(new Error(`the firehose exited with ${code}`));
      else done({ bytes, lines: Math.round(bytes / lineBytes), ms });
    });
  });
}

/** The bare relay: GET /<lineBytes>/<lines> spawns the firehose and pipes its stdout into the response; / is a blank page. */
async function startRelay(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const [, lineBytes, lines] = (req.url ?? "/").split("/");
    if (!lines) return void res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>relay</title>");
    const child = spawn(process.execPath, [FIREHOSE, String(lineBytes), String(lines)], { stdio: ["ignore", "pipe", "inherit"] });
    res.writeHead(200, { "Content-Type": "application/octet-stream", "Cache-Control": "no-store" });
    child.stdout.pipe(res);
    res.on("close", () => child.kill());
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** The relay's stream read by its blank page: bytes after the first line, counted as they arrive. */
async function throughRelay(page: Page, lineBytes: number, lines: number): Promise<StreamRead> {
  const read = (await page.evaluate(`(async () => (${COUNT_BODY})((await fetch("/${lineBytes}/${lines}")).body))()`)) as { bytes: number; ms: number };
  return { ...read, lines: Math.round(read.bytes / lineBytes) };
}

function throughPage(page: Page, bridge: Bridge, lineBytes: number, lines: number): Promise<StreamRead> {
  const spec = { command: process.execPath, args: [FIREHOSE, String(lineBytes), String(lines)], env: {} };
  return page.evaluate(([endpoint, s]) => (window as unknown as { __presaBench: BenchHooks }).__presaBench.streamFromBridge(endpoint, s), [{ url: bridge.url, token: bridge.token }, spec] as const);
}

export async function run(log: (line: string) => void): Promise<Figure[]> {
  const bridge = await startBridgeProcess();
  const app = await startAppServer({ root: APP_DIR, bridge: { url: bridge.url, token: bridge.token }, port: 0 });
  const relay = await startRelay();
  const browser = await launchChromium();
  const figures: Figure[] = [];
  let peak = 0;
  let idle = 0;
  try {
    const { page } = await openBenchPage(browser, app.url);
    const blank = await browser.newPage();
    await blank.goto(relay.url);
    // One small untimed run each: the transport's chunk, the bridge's first spawn.
    await throughPage(page, bridge, 100, 100);
    await throughRelay(blank, 100, 100);
    await new Promise((r) => setTimeout(r, 500));
    idle = rss(bridge.pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rss(bridge.pid))), 20);
    try {
      for (const shape of SHAPES) {
        const raw: number[] = [];
        const ours: number[] = [];
        const floor: number[] = [];
        const expected = shape.lineBytes * shape.lines;
        for (let i = 0; i < TRIALS; i++) {
          const ways = [
            { name: "the raw pipe", read: () => rawPipe(shape.lineBytes, shape.lines), into: raw },
            { name: "the page", read: () => throughPage(page, bridge, shape.lineBytes, shape.lines), into: ours },
            { name: "the bare relay", read: () => throughRelay(blank, shape.lineBytes, shape.lines), into: floor },
          ];
          // Each trial in another order, so no way always runs first or last.
          for (let k = 0; k < ways.length; k++) {
            const way = ways[(i + k) % ways.length] as (typeof ways)[number];
            const read = await way.read();
            if (read.bytes !== expected) throw new Error(`${shape.name}: ${way.name} read ${read.bytes} bytes, not ${expected}`);
            way.into.push(read.bytes / MB / (read.ms / 1000));
          }
        }
        const [r, o, f] = [median(raw), median(ours), median(floor)];
        const list = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(", ");
        log(`  ${shape.name}: page ${o.toFixed(1)} MiB/s (${list(ours)}), raw pipe ${r.toFixed(1)} MiB/s (${list(raw)}), bare relay to a page ${f.toFixed(1)} MiB/s (${list(floor)})`);
        figures.push(
          figure({
            id: `stream.${shape.lineBytes === MB ? "bigLines" : "smallLines"}`,
            name: `bridge stream, ${shape.name}: stdout → page`,
            value: o,
            unit: "MiB/s",
            baseline: r,
            baselineName: "a raw pipe from the same server",
            goal: atLeastTimes(shape.goal),
            note: `bench/fixtures/firehose.mjs writing ${shape.lines.toLocaleString("en")} lines of ${shape.lineBytes.toLocaleString("en")} bytes, one write each (${(expected / MB).toFixed(1)} MiB); ours: the bridge as npm run bridge runs it, read by a page of the built app with the app's stdio transport (BridgeStdioTransport: the bridge's SSE stream, each line parsed as a frame); the raw pipe: the same server spawned by the bench, its stdout counted; median of ${TRIALS} interleaved runs each, from the first line's arrival to the end; runs: page ${list(ours)}, raw ${list(raw)} MiB/s`,
          }),
          figure({
            id: `stream.${shape.lineBytes === MB ? "bigLines" : "smallLines"}Floor`,
            name: `bridge stream, ${shape.name}: against the path's floor (context)`,
            value: o,
            unit: "MiB/s",
            baseline: f,
            baselineName: "a bare relay to a blank page",
            goal: reported(),
            note: `the same firehose spawned by a bare Node relay that pipes its stdout into an HTTP response unchanged, read by a blank page of the same browser with fetch and counted, nothing decoded or parsed: what the path from a process to a page costs before a bridge does anything; the floor itself is ${(f / r).toFixed(2)}x the raw pipe; runs ${list(floor)} MiB/s, interleaved with the two above`,
          }),
        );
      }
    } finally {
      clearInterval(sampler);
    }
    await page.context().close();
  } finally {
    await browser.close();
    relay.server.closeAllConnections();
    relay.server.close();
    await app.close();
    bridge.stop();
  }
  const grew = (peak - idle) / MB;
  log(`  bridge memory: idle ${(idle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB during the runs (+${grew.toFixed(0)} MB)`);
  figures.push(
    figure({
      id: "stream.bridgeMemory",
      name: "bridge stream: bridge memory over idle, peak",
      value: grew,
      unit: "MB",
      baseline: idle / MB,
      baselineName: "the bridge idle (RSS)",
      goal: atMost(MEMORY_BOUND_MB, "MB"),
      note: `the bridge process's resident memory (/proc VmRSS) sampled every 20 ms through every run above, its peak less its size after one small warm-up run; the bound is the bridge's own (16 sessions printing as fast as they can stay under idle + ${MEMORY_BOUND_MB} MB)`,
    }),
  );
  return figures;
}
