/**
 * Starts `bin/demo-server.ts` as a separate Node process (through tsx) on a free 127.0.0.1 port, for
 * tests that need real processes: scale-out behind a proxy, restarts. Every process is stopped by
 * the `stop()` it comes with; the test's afterEach/afterAll calls it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TSX = fileURLToPath(new URL("../../node_modules/.bin/tsx", import.meta.url));

export interface DemoProcess {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Spawns the demo server with `args` (port 0 unless given) and resolves once it prints its URL. */
export function spawnDemoServer(args: string[] = [], timeoutMs = 45_000): Promise<DemoProcess> {
  const child: ChildProcess = spawn(TSX, ["bin/demo-server.ts", "--port", "0", ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
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
