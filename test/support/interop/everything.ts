/**
 * Starts @modelcontextprotocol/server-everything's own Streamable HTTP entry (`dist/index.js
 * streamableHttp`) as a child process, pinned to 127.0.0.1 on a free port by scripts/loopback-only.mjs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { START_CEILING_MS } from "../ceilings";

export interface Everything {
  url: string;
  stop(): Promise<void>;
}

const entry = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/package.json").replace(/package\.json$/, "dist/index.js");
const preload = fileURLToPath(new URL("../../../scripts/loopback-only.mjs", import.meta.url));

/** `mode` "sse" starts its 2024-11-05 HTTP+SSE entry (GET /sse, POST /message); the URL is then /sse. */
export function startEverything(timeoutMs = START_CEILING_MS, mode: "streamableHttp" | "sse" = "streamableHttp"): Promise<Everything> {
  const child: ChildProcess = spawn(process.execPath, ["--import", preload, entry, mode], {
    env: { ...process.env, PORT: "0" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    let log = "";
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`server-everything did not start in ${timeoutMs} ms:\n${log}`));
    }, timeoutMs);
    child.stderr?.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      const m = /loopback-only: listening on 127\.0\.0\.1:(\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${m[1]}${mode === "sse" ? "/sse" : "/mcp"}`, stop });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything exited with ${code}:\n${log}`));
    });
  });
}
