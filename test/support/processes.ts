/**
 * Starts `bin/demo-server.ts` as a separate Node process (its bundle, test/support/entries.ts) on a free 127.0.0.1 port, for
 * tests that need real processes: scale-out behind a proxy, restarts. Every process is stopped by
 * the `stop()` it comes with; the test's afterEach/afterAll calls it.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { START_CEILING_MS } from "./ceilings";
import { nodeArgs } from "./entries";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface DemoProcess {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Spawns the demo server with `args` (port 0 unless given) and resolves once it prints its URL. */
export function spawnDemoServer(args: string[] = [], timeoutMs = START_CEILING_MS): Promise<DemoProcess> {
  const [node, entry] = nodeArgs("bin/demo-server.ts");
  const child: ChildProcess = spawn(node, [entry, "--port", "0", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      // A process that ignores SIGTERM is not left behind.
      setTimeout(() => child.kill("SIGKILL"), 3000).unref();
    });
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`demo server did not start in ${timeoutMs} ms: ${out}${err}`));
    }, timeoutMs);
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ url: m[1], pid: child.pid, stop });
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`demo server exited with ${code}: ${out}${err}`));
    });
  });
}

/** One row of `ps`: every process of the machine, with its parent, state and command line. */
export interface ProcessRow {
  pid: number;
  ppid: number;
  stat: string;
  args: string;
}

const PS_ARGS = ["-eo", "pid=,ppid=,stat=,args="];

function parseTable(text: string): ProcessRow[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const [pid, ppid, stat, ...args] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), stat: stat ?? "", args: args.join(" ") };
    });
}

export function processTable(): ProcessRow[] {
  return parseTable(execFileSync("ps", PS_ARGS, { encoding: "utf8" }));
}

let reading: Promise<ProcessRow[]> | undefined;

/**
 * The process table without blocking the event loop, for tests that poll it side by side: callers at
 * the same moment share one `ps`. (A synchronous `ps` per poll per case, under load, held the
 * worker's event loop long enough that its own HTTP requests could not be written in time.)
 */
export function processTableAsync(): Promise<ProcessRow[]> {
  reading ??= new Promise<ProcessRow[]>((resolve, reject) => {
    execFile("ps", PS_ARGS, { encoding: "utf8" }, (error, out) => (error ? reject(error) : resolve(parseTable(out))));
  }).finally(() => {
    reading = undefined;
  });
  return reading;
}

/**
 * Pids whose command line contains `marker` (the servers and grandchildren of one test), in `table`
 * (a fresh `ps` unless given). A zombie has ended but is still listed; `zombies: false` leaves it out.
 */
export function pidsWith(marker: string, { zombies = true }: { zombies?: boolean } = {}, table: ProcessRow[] = processTable()): number[] {
  return table.filter((p) => p.args.includes(marker) && !p.args.startsWith("ps ") && (zombies || !p.stat.startsWith("Z"))).map((p) => p.pid);
}

/** Whether `pid` is running (a zombie is not), in `table` (a fresh `ps` unless given). */
export function alive(pid: number, table: ProcessRow[] = processTable()): boolean {
  return table.some((p) => p.pid === pid && !p.stat.startsWith("Z"));
}

export function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // gone
  }
}

/** What a failed test left: the process groups it launched and every process carrying its markers. */
export function sweepLeftovers(groups: ChildProcess[], markers: string[]): void {
  for (const child of groups.splice(0)) if (child.pid) killQuietly(-child.pid);
  for (const marker of markers.splice(0)) for (const pid of pidsWith(marker)) killQuietly(pid);
}

/**
 * Asks a bridge to spawn a server that ignores stdin's end, SIGTERM and SIGHUP, and starts a
 * grandchild (`sh` then `sleep`) that ignores them too; both carry `marker` on their command line.
 */
export function spawnStubbornServer(bridge: { url: string; token: string }, marker: string, cwd: string): Promise<Response> {
  const script = [
    "process.on('SIGTERM', () => {});",
    "process.on('SIGHUP', () => {});",
    "require('child_process').spawn('sh', ['-c', 'trap \"\" TERM HUP; sleep 600; : ' + process.argv[1]], { stdio: 'ignore' });",
    "setInterval(() => {}, 1000);",
  ].join(" ");
  return fetch(`${bridge.url}/sessions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${bridge.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ command: process.execPath, args: ["-e", script, marker], env: {}, cwd }),
  });
}
