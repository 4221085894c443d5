/**
 * How fast can a page take a process's output at all? `npx tsx bench/levers/page-transports.ts
 * [lineBytes] [lines] [trials]` (default 1 MiB lines, 64 of them, 5 trials) spawns
 * bench/fixtures/firehose.mjs through a bare Node relay, once per trial for every way a page can
 * receive a stream, and has one blank page count the bytes, nothing decoded unless the way decodes
 * by itself:
 *
 * - the raw pipe: this process reads the firehose's stdout (what the stream figure divides by);
 * - fetch: the response body's reader (the bridge's way, and the stream figure's floor);
 * - fetch in a Worker: the same, off the page's main thread;
 * - fetch through TextDecoderStream: decoded to text by the browser as it streams;
 * - EventSource: the same bytes as server-sent events, parsed by the browser;
 * - WebSocket: the stdout chunks as binary messages (the relay pauses the pipe past 4 MB unsent).
 *
 * Besides each way's throughput it prints the CPU time of every process that worked in one more
 * trial of each way (Linux /proc): for fetch, the renderer is the busiest. The stream goal (1 MiB
 * lines at 0.5x the raw pipe) asks for what the best of these ways reaches with nothing done to
 * the bytes; ours decodes each line and parses it as JSON-RPC on top.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import type { Page } from "@playwright/test";
import { WebSocketServer } from "ws";
import { launchChromium } from "../lib/browser";
import { median } from "../lib/stats";
import { COUNT_BODY } from "../lib/countBytes";
import { rawPipe } from "../stream";

const FIREHOSE = resolve("bench/fixtures/firehose.mjs");
const MB = 1024 * 1024;
const [lineBytes = MB, lines = 64, trials = 5] = process.argv.slice(2).map(Number);

interface Read {
  bytes: number;
  ms: number;
}

const firehose = () => spawn(process.execPath, [FIREHOSE, String(lineBytes), String(lines)], { stdio: ["ignore", "pipe", "inherit"] });

const server = createServer((req, res) => {
  const path = req.url ?? "/";
  if (path === "/worker.js") {
    res.writeHead(200, { "Content-Type": "text/javascript" });
    return void res.end(`onmessage = async (e) => postMessage(await (${COUNT_BODY})((await fetch(e.data)).body));`);
  }
  if (path === "/fetch" || path === "/sse") {
    const child = firehose();
    res.on("close", () => child.kill());
    if (path === "/fetch") {
      res.writeHead(200, { "Content-Type": "application/octet-stream", "Cache-Control": "no-store" });
      return void child.stdout.pipe(res);
    }
    // One event per line: "data: <line>\n\n" (an empty one after the last line, skipped by the page); an `end` event last.
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store" });
    res.write("data: ");
    child.stdout.on("data", (chunk: Buffer) => {
      let at = 0;
      for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, at)) {
        res.write(chunk.subarray(at, nl));
        res.write("\n\ndata: ");
        at = nl + 1;
      }
      if (!res.write(chunk.subarray(at))) {
        child.stdout.pause();
        res.once("drain", () => child.stdout.resume());
      }
    });
    return void child.stdout.on("end", () => res.end("\n\nevent: end\ndata: \n\n"));
  }
  res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>page transports</title>");
});
new WebSocketServer({ server, perMessageDeflate: false }).on("connection", (socket) => {
  const child = firehose();
  socket.on("close", () => child.kill());
  child.stdout.on("data", (chunk: Buffer) => {
    socket.send(chunk);
    if (socket.bufferedAmount < 4 * MB) return;
    child.stdout.pause();
    const wait = setInterval(() => {
      if (socket.bufferedAmount > MB) return;
      clearInterval(wait);
      child.stdout.resume();
    }, 1);
  });
  child.stdout.on("end", () => socket.close());
});
await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const inPage = (page: Page, script: string) => (): Promise<Read> => page.evaluate(script) as Promise<Read>;

function ways(page: Page): Record<string, () => Promise<Read>> {
  return {
    "raw pipe": () => rawPipe(lineBytes, lines),
    fetch: inPage(page, `(async () => (${COUNT_BODY})((await fetch("/fetch")).body))()`),
    "fetch in a Worker": inPage(page, `new Promise((done) => { const w = new Worker("/worker.js"); w.onmessage = (e) => { w.terminate(); done(e.data); }; w.postMessage("/fetch"); })`),
    "fetch + TextDecoderStream": inPage(
      page,
      `(async () => { const r = (await fetch("/fetch")).body.pipeThrough(new TextDecoderStream()).getReader(); let s = -1, b = 0;
        for (;;) { const { done, value } = await r.read(); if (done) break; if (s < 0) { s = performance.now(); b += value.length - (value.indexOf("\\n") + 1); } else b += value.length; }
        return { bytes: b, ms: performance.now() - s }; })()`,
    ),
    EventSource: inPage(
      page,
      `new Promise((done) => { const es = new EventSource("/sse"); let s = -1, b = 0;
        es.onmessage = (e) => { if (e.data === "") return; if (s < 0) s = performance.now(); else b += e.data.length + 1; };
        es.addEventListener("end", () => { es.close(); done({ bytes: b, ms: performance.now() - s }); }); })`,
    ),
    WebSocket: inPage(
      page,
      `new Promise((done) => { const ws = new WebSocket("${origin.replace("http", "ws")}/ws"); ws.binaryType = "arraybuffer"; let s = -1, b = 0;
        ws.onmessage = (e) => { const v = new Uint8Array(e.data); if (s < 0) { s = performance.now(); b += v.length - (v.indexOf(10) + 1); } else b += v.length; };
        ws.onclose = () => done({ bytes: b, ms: performance.now() - s }); })`,
    ),
  };
}

/** CPU time (ms) of every live process, by pid, with a short name (Chromium's by its --type). */
function cpuByProcess(): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
      const type = /--type=(\S+)/.exec(command)?.[1];
      const name = type ? `chromium ${type}${/--utility-sub-type=(\S+)/.exec(command) ? " (network)" : ""}` : pid === String(process.pid) ? "this process (relay, raw pipe reader)" : undefined;
      if (name) out.set(`${name} ${pid}`, (Number(fields[11]) + Number(fields[12])) * (1000 / 100));
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.goto(origin);
  const all = ways(page);
  const expected = lineBytes * lines;
  const rates = new Map<string, number[]>(Object.keys(all).map((k) => [k, []]));
  for (let i = 0; i < trials; i++) {
    for (const [name, read] of Object.entries(all)) {
      const { bytes, ms } = await read();
      if (bytes !== expected) throw new Error(`${name} read ${bytes} bytes, not ${expected}`);
      rates.get(name)?.push(bytes / MB / (ms / 1000));
    }
  }
  const raw = median(rates.get("raw pipe") ?? []);
  console.log(`${lines} lines of ${lineBytes} bytes, median of ${trials} trials each (MiB/s, and against the raw pipe):`);
  for (const [name, xs] of rates) console.log(`  ${name.padEnd(26)} ${median(xs).toFixed(1).padStart(7)}  ${(median(xs) / raw).toFixed(2)}x   (${xs.map((x) => x.toFixed(0)).join(", ")})`);
  console.log("CPU per MiB of the processes that worked, one more trial each (the firehose itself not counted):");
  for (const [name, read] of Object.entries(all)) {
    const before = cpuByProcess();
    await read();
    const busy = [...cpuByProcess()].map(([k, v]) => [k, v - (before.get(k) ?? v)] as const).filter(([, ms]) => ms >= 10);
    console.log(`  ${name.padEnd(26)} ${busy.map(([k, ms]) => `${k.replace(/ \d+$/, "")} ${(ms / (expected / MB)).toFixed(1)} ms`).join("; ")}`);
  }
} finally {
  await browser.close();
  server.closeAllConnections();
  server.close();
}
