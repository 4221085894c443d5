// Shared by the bridge's integration tests: a bridge on a free port, raw HTTP requests with any Host
// and Origin (fetch would not let a test forge them), and the spawn specs of the servers under test.
import { request } from "node:http";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { SpawnSpec } from "../../src/core";
import { startBridge, type BridgeOptions, type RunningBridge } from "../../src/bridge/server";
import { nodeArgs } from "./entries";

export const REPO = fileURLToPath(new URL("../..", import.meta.url)).replace(/\/$/, "");
export const TEST_TOKEN = "N9yeAkufMw935yaRdCjtYTEgV4IVaCttc3u6YSwrSIg";

const running: RunningBridge[] = [];

export async function testBridge(options: BridgeOptions = {}): Promise<RunningBridge> {
  const bridge = await startBridge({ token: TEST_TOKEN, ...options });
  running.push(bridge);
  return bridge;
}

export async function closeBridges(): Promise<void> {
  await Promise.all(running.splice(0).map((b) => b.close()));
}

/** Our demo server's stdio entry (its bundle: see entries.ts). */
export function demoStdioSpec(extraArgs: string[] = []): SpawnSpec {
  const [command, entry] = nodeArgs("bin/demo-stdio.ts");
  return { command, args: [entry, ...extraArgs], env: {}, cwd: REPO };
}

export function nodeScript(source: string): SpawnSpec {
  return { command: process.execPath, args: ["-e", source], env: {}, cwd: REPO };
}

export function fixtureSpec(name: "noisyStdio.ts"): SpawnSpec {
  const [command, entry] = nodeArgs(`test/fixtures/${name}`);
  return { command, args: [entry], env: {}, cwd: REPO };
}

/** @modelcontextprotocol/server-everything in stdio mode (its package's `start:stdio`). */
export function everythingStdioSpec(): SpawnSpec {
  const entry = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/package.json").replace(/package\.json$/, "dist/index.js");
  return { command: process.execPath, args: [entry, "stdio"], env: {}, cwd: REPO };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request with exactly the headers given (Host included). */
export function raw(bridge: RunningBridge, method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: bridge.port, method, path, headers, setHost: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}
