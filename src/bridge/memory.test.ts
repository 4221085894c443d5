// The bridge's memory is bounded in bytes, whatever a spawned server prints. A spawned server prints 400 lines of 1 MiB (it
// took the old bridge from 78 MB to 541 MB RSS); the real bridge process's RSS is sampled while no
// page reads, while a page reads slowly, and while a page reads everything, and must stay under the
// bound the README documents. The server is paused (its writes block) instead of being buffered.
// Then the most sessions allowed, 16, print empty lines as fast as they can (`yes ''`: the shape
// that costs most to keep per byte), unread and then read as fast as they come: the bridge stays
// under idle + 128 MB (a ceiling on memory; how fast it goes is measured in bench/bridgeLoad.ts).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../../test/support/bridge";

const TSX = `${REPO}/node_modules/.bin/tsx`;
/** The documented bound: one noisy session adds at most this much to the bridge's idle RSS. */
export const NOISY_SESSION_RSS_BOUND = 96 * 1024 * 1024;
const LINES = 400;
/** How each of the server's lines starts on the event stream. */
const LINE_START = "data: x";

let tsx: ChildProcess;
let bridgePid = 0;
let url = "";
let token = "";
let idle = 0;

function rss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

const NOISY = [
  "const line = 'x'.repeat(1 << 20) + '\\n';",
  "let i = 0;",
  "(function w() { while (i < " + LINES + ") { i++; if (!process.stdout.write(line)) return process.stdout.once('drain', w); } })();",
  "setInterval(() => {}, 1000);",
].join(" ");

async function spawnNoisy(): Promise<string> {
  const response = await fetch(`${url}/sessions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ command: process.execPath, args: ["-e", NOISY], env: {}, cwd: REPO }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function remove(id: string): Promise<void> {
  await fetch(`${url}/sessions/${id}`, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });
}

/** Samples the bridge's RSS every 50 ms while `during` runs; returns the peak. */
async function peakDuring(during: () => Promise<void>): Promise<number> {
  let peak = rss(bridgePid);
  const timer = setInterval(() => (peak = Math.max(peak, rss(bridgePid))), 50);
  try {
    await during();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rss(bridgePid));
}

/** Reads the session's event stream, waiting `pauseMs` after each chunk; counts the stdout lines (each a `data:` field of x's). */
async function read(id: string, pauseMs: number, untilLines: number, maxMs: number): Promise<number> {
  const abort = new AbortController();
  const response = await fetch(`${url}/sessions/${id}/events`, { headers: { Authorization: `Bearer ${token}` }, signal: abort.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let lines = 0;
  let tail = "";
  const end = Date.now() + maxMs;
  while (lines < untilLines && Date.now() < end) {
    const { value, done } = await reader.read();
    if (done) break;
    const text = tail + Buffer.from(value).toString("latin1");
    lines += text.split(LINE_START).length - 1;
    // Shorter than what is counted: a line's start across two chunks is counted once, never twice.
    tail = text.slice(-(LINE_START.length - 1));
    if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
  }
  abort.abort();
  return lines;
}

beforeAll(async () => {
  tsx = spawn(TSX, ["bin/bridge.ts", "--port", "0"], { cwd: REPO, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, PRESA_BRIDGE_TOKEN: "" } });
  let out = "";
  tsx.stdout?.on("data", (c: Buffer) => (out += c.toString()));
  const deadline = Date.now() + 30_000;
  while (!/token .*: (\S+)/.test(out)) {
    if (Date.now() > deadline) throw new Error(`the bridge did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  url = /presa bridge on (\S+)/.exec(out)?.[1] ?? "";
  token = /token .*: (\S+)/.exec(out)?.[1] ?? "";
  // tsx runs the bridge in a child node process: that one's RSS is the bridge's.
  bridgePid = Number(execFileSync("ps", ["-o", "pid=", "--ppid", String(tsx.pid)], { encoding: "utf8" }).trim().split(/\s+/)[0]);
  await new Promise((r) => setTimeout(r, 500));
  idle = rss(bridgePid);
}, 60_000);

afterAll(async () => {
  if (tsx?.pid) process.kill(-tsx.pid, "SIGTERM");
  await new Promise((r) => setTimeout(r, 4000));
  try {
    if (tsx?.pid) process.kill(-tsx.pid, "SIGKILL");
  } catch {
    // stopped
  }
}, 10_000);

describe(`a server printing ${LINES} lines of 1 MiB`, () => {
  it("with no page reading: the server is paused, RSS stays under idle + the bound", async () => {
    let id = "";
    const peak = await peakDuring(async () => {
      id = await spawnNoisy();
      await new Promise((r) => setTimeout(r, 4000));
    });
    console.log(`no reader: idle ${(idle / 2 ** 20).toFixed(0)} MiB, peak ${(peak / 2 ** 20).toFixed(0)} MiB`);
    expect(peak - idle).toBeLessThan(NOISY_SESSION_RSS_BOUND);
    // Paused, not dropped: a page that comes later still gets every line, in order.
    expect(await read(id, 0, LINES, 60_000)).toBe(LINES);
    await remove(id);
  }, 90_000);

  it("with a page reading slowly: RSS stays under idle + the bound", async () => {
    const id = await spawnNoisy();
    let lines = 0;
    const peak = await peakDuring(async () => {
      lines = await read(id, 25, LINES, 6000);
    });
    console.log(`slow reader: ${lines} lines in 6 s, peak ${(peak / 2 ** 20).toFixed(0)} MiB`);
    expect(lines).toBeGreaterThan(0);
    expect(peak - idle).toBeLessThan(NOISY_SESSION_RSS_BOUND);
    await remove(id);
  }, 60_000);

  it("with a page reading everything: every line arrives, RSS stays under idle + the bound", async () => {
    const id = await spawnNoisy();
    let lines = 0;
    const peak = await peakDuring(async () => {
      lines = await read(id, 0, LINES, 60_000);
    });
    console.log(`fast reader: ${lines} lines, peak ${(peak / 2 ** 20).toFixed(0)} MiB`);
    expect(lines).toBe(LINES);
    expect(peak - idle).toBeLessThan(NOISY_SESSION_RSS_BOUND);
    await remove(id);
  }, 90_000);
});

/** The documented bound for the most sessions allowed, all printing as fast as they can. */
export const SIXTEEN_SESSIONS_RSS_BOUND = 128 * 1024 * 1024;

describe("16 sessions printing empty lines as fast as they can", () => {
  it("unread, then read as fast as they come: RSS stays under idle + 128 MB", async () => {
    const ids: string[] = [];
    const readers: (() => void)[] = [];
    let bytes = 0;
    const before = rss(bridgePid);
    const peak = await peakDuring(async () => {
      for (let i = 0; i < 16; i++) {
        const response = await fetch(`${url}/sessions`, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ command: "yes", args: [""], env: {} }),
        });
        expect(response.status).toBe(201);
        ids.push(((await response.json()) as { id: string }).id);
      }
      await new Promise((r) => setTimeout(r, 2000));
      for (const id of ids) {
        const req = request(`${url}/sessions/${id}/events`, { headers: { Authorization: `Bearer ${token}` } }, (res) => {
          res.on("data", (chunk: Buffer) => (bytes += chunk.length));
          res.on("error", () => undefined);
        });
        req.on("error", () => undefined);
        req.end();
        readers.push(() => req.destroy());
      }
      // Read until a good deal has gone through (a fixed amount of work, not a time).
      await expect.poll(() => bytes, { timeout: 60_000, interval: 100 }).toBeGreaterThan(256 * 2 ** 20);
    });
    for (const stop of readers) stop();
    await Promise.all(ids.map(remove));
    console.log(`16 sessions of empty lines: idle ${(idle / 2 ** 20).toFixed(0)} MiB (before ${(before / 2 ** 20).toFixed(0)}), peak ${(peak / 2 ** 20).toFixed(0)} MiB, ${(bytes / 2 ** 20).toFixed(0)} MiB read`);
    expect(peak - idle).toBeLessThan(SIXTEEN_SESSIONS_RSS_BOUND);
  }, 120_000);
});
