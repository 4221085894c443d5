/**
 * The bridge under its full load: 16 sessions (the most it allows) of a server printing as fast as it
 * can, first with no page reading (every backlog fills to its bound and the servers are paused),
 * then with a reader per session draining its event stream as fast as it can. Two line shapes:
 * `yes ''` (empty lines, the costliest shape to keep per byte) and `yes` ("y" lines). Measured: the
 * bridge process's resident memory over its idle size (sampled every 20 ms, and the kernel's
 * high-water mark), and `GET /info` answered meanwhile (one request at a time, 10 ms apart: p50,
 * p99, max), and how much the readers got. The bridge runs as `npm run bridge` runs it (bin/bridge.ts
 * under tsx, a process of its own), a fresh one per shape so one shape's peak is not the next one's
 * idle. Linux only (/proc).
 *
 * `npm run bench -- --only bridgeLoad`, or alone: `npx tsx scripts/bridge-load.ts` (prints the figures).
 * `BENCH_HOLD_MS` and `BENCH_DRAIN_MS` set how long each phase lasts (default 4 s and 10 s);
 * `BENCH_BRIDGE_NODE_ARGS` adds node flags to the bridge (say `--cpu-prof`), `BENCH_BRIDGE_STDERR=1`
 * shows its stderr.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { resolve } from "node:path";
import { atMost, below, figure, reported, type Figure } from "./lib/figures";
import { quantile } from "./lib/stats";

const SESSIONS = 16;
const MB = 1024 * 1024;
/** The bound the bridge promises: 16 sessions printing as fast as they can stay under idle + 128 MB. */
const MEMORY_BOUND_MB = 128;
/** The bound on `/info` while 16 sessions drain. */
const INFO_P99_MS = 50;
const HOLD_MS = Number(process.env.BENCH_HOLD_MS) || 4000;
const DRAIN_MS = Number(process.env.BENCH_DRAIN_MS) || 10_000;
const SHAPES = [
  { id: "empty", name: "empty lines (yes '')", args: [""] },
  { id: "yes", name: "'y' lines (yes)", args: [] as string[] },
] as const;

interface Bridge {
  url: string;
  port: number;
  token: string;
  pid: number;
  child: ChildProcess;
}

/** Resident memory and its high-water mark, in bytes (Linux /proc). */
function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string): number => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

async function startBridge(): Promise<Bridge> {
  const token = randomBytes(32).toString("hex");
  // node --import tsx, not the tsx launcher: the process measured is then the bridge itself.
  const child = spawn(process.execPath, [...(process.env.BENCH_BRIDGE_NODE_ARGS?.split(" ").filter(Boolean) ?? []), "--import", "tsx", "bin/bridge.ts", "--port", "0"], {
    cwd: resolve("."),
    env: { ...process.env, PRESA_BRIDGE_TOKEN: token },
    stdio: ["ignore", "pipe", process.env.BENCH_BRIDGE_STDERR ? "inherit" : "pipe"],
  });
  const url = await new Promise<string>((done, fail) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const found = /presa bridge on (http:\/\/\S+)/.exec(out);
      if (found) done(found[1] as string);
    });
    child.stderr?.on("data", (chunk: Buffer) => void (out += chunk.toString("utf8")));
    child.once("exit", (code) => fail(new Error(`the bridge exited (${code}): ${out}`)));
  });
  return { url, port: Number(new URL(url).port), token, pid: child.pid as number, child };
}

async function stopBridge(bridge: Bridge): Promise<void> {
  if (bridge.child.exitCode !== null) return;
  const exited = new Promise((r) => bridge.child.once("exit", r));
  bridge.child.kill("SIGTERM");
  await exited;
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

function call(bridge: Bridge, method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: "127.0.0.1", port: bridge.port, method, path, agent, headers: { Authorization: `Bearer ${bridge.token}`, "Content-Type": "application/json" } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => done({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", fail);
    req.end(body);
  });
}

async function spawnYes(bridge: Bridge, args: readonly string[]): Promise<string> {
  const answer = await call(bridge, "POST", "/sessions", JSON.stringify({ command: "yes", args, env: {} }));
  if (answer.status !== 201) throw new Error(`spawn refused: ${answer.status} ${answer.text}`);
  return (JSON.parse(answer.text) as { id: string }).id;
}

/**
 * The readers, in a process of their own so that reading 16 streams as fast as they come does not
 * delay this process's `/info` timings: each reads a session's event stream and counts the bytes;
 * on a line on stdin they print the total and exit.
 */
const READERS = `
const http = require("node:http");
const [port, token, ...ids] = process.argv.slice(1);
let bytes = 0;
const requests = ids.map((id) => {
  const req = http.request({ host: "127.0.0.1", port: Number(port), path: "/sessions/" + id + "/events", headers: { Authorization: "Bearer " + token } }, (res) => {
    res.on("data", (chunk) => (bytes += chunk.length));
    res.on("error", () => undefined);
  });
  req.on("error", () => undefined);
  req.end();
  return req;
});
process.stdin.once("data", () => {
  for (const req of requests) req.destroy();
  process.stdout.write(String(bytes) + "\\n", () => process.exit(0));
});
`;

/** Starts a reader per session; the returned function stops them and resolves with the bytes they read. */
function drainAll(bridge: Bridge, ids: readonly string[]): () => Promise<number> {
  const child = spawn(process.execPath, ["-e", READERS, String(bridge.port), bridge.token, ...ids], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  const exited = new Promise((r) => child.once("exit", r));
  return async () => {
    child.stdin.write("stop\n");
    await exited;
    return Number(out.trim());
  };
}

/** Asks `/info` one request at a time, 10 ms apart, while `during` runs; returns each latency in ms. */
async function infoLatencies(bridge: Bridge, during: Promise<void>): Promise<number[]> {
  let done = false;
  void during.then(() => (done = true));
  const samples: number[] = [];
  while (!done) {
    const t0 = performance.now();
    const answer = await call(bridge, "GET", "/info");
    samples.push(performance.now() - t0);
    if (answer.status !== 200) throw new Error(`/info answered ${answer.status}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return samples;
}

interface Phase {
  peakMb: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
}

/** Runs `ms` of the bridge as it is, sampling its memory and /info. */
async function phase(bridge: Bridge, idle: number, ms: number): Promise<Phase> {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, memory(bridge.pid).rss)), 20);
  const latencies = await infoLatencies(bridge, new Promise((r) => setTimeout(r, ms)));
  clearInterval(sampler);
  peak = Math.max(peak, memory(bridge.pid).rss);
  return { peakMb: (peak - idle) / MB, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: Math.max(...latencies), requests: latencies.length };
}

export async function run(log: (line: string) => void): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const shape of SHAPES) {
    const bridge = await startBridge();
    try {
      // Warm: the routes and the first spawn's code paths, then a settled idle size.
      await call(bridge, "GET", "/info");
      await new Promise((r) => setTimeout(r, 1000));
      const idle = memory(bridge.pid).rss;
      const ids: string[] = [];
      for (let i = 0; i < SESSIONS; i++) ids.push(await spawnYes(bridge, shape.args));
      const held = await phase(bridge, idle, HOLD_MS);
      const stopReaders = drainAll(bridge, ids);
      const drained = await phase(bridge, idle, DRAIN_MS);
      const bytes = await stopReaders();
      const hwm = (memory(bridge.pid).hwm - idle) / MB;
      const rate = bytes / MB / (DRAIN_MS / 1000);
      log(
        `  ${shape.name}: idle ${(idle / MB).toFixed(0)} MB; no reader +${held.peakMb.toFixed(0)} MB, /info p50 ${held.p50.toFixed(1)} p99 ${held.p99.toFixed(1)} ms; ` +
          `16 draining +${drained.peakMb.toFixed(0)} MB (high-water +${hwm.toFixed(0)} MB), ${rate.toFixed(0)} MiB/s read, /info p50 ${drained.p50.toFixed(1)} p99 ${drained.p99.toFixed(1)} max ${drained.max.toFixed(1)} ms (${drained.requests} requests)`,
      );
      const note = `${SESSIONS} sessions of \`yes${shape.args.length ? " ''" : ""}\` through the bridge as npm run bridge runs it; ${HOLD_MS / 1000} s with no reader, then ${DRAIN_MS / 1000} s with a reader per session draining (${rate.toFixed(0)} MiB/s in all); RSS (/proc VmRSS every 20 ms) less the idle size; the kernel's high-water mark says +${hwm.toFixed(0)} MB`;
      figures.push(
        figure({
          id: `bridgeLoad.${shape.id}.memory`,
          name: `bridge, 16 sessions of ${shape.name}: memory over idle, peak`,
          value: Math.max(held.peakMb, drained.peakMb),
          unit: "MB",
          baseline: idle / MB,
          baselineName: "the bridge idle (RSS)",
          goal: atMost(MEMORY_BOUND_MB, "MB"),
          note,
        }),
        figure({
          id: `bridgeLoad.${shape.id}.infoP99`,
          name: `bridge, 16 sessions of ${shape.name} draining: /info p99`,
          value: drained.p99,
          unit: "ms",
          baseline: held.p99,
          baselineName: "with no reader",
          goal: below(INFO_P99_MS, "ms"),
          note: `${drained.requests} GET /info, one at a time 10 ms apart, while 16 readers drain; p50 ${drained.p50.toFixed(1)} ms, max ${drained.max.toFixed(1)} ms`,
        }),
        figure({
          id: `bridgeLoad.${shape.id}.drainRate`,
          name: `bridge, 16 sessions of ${shape.name}: read by 16 readers`,
          value: rate,
          unit: "MiB/s",
          baseline: rate,
          baselineName: "itself",
          goal: reported(),
          note: "SSE bytes the readers received per second, in all",
        }),
      );
    } finally {
      await stopBridge(bridge);
    }
  }
  agent.destroy();
  return figures;
}
