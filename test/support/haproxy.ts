/**
 * A real load balancer for the scale-out tests: Debian's HAProxy (`apt-get install haproxy`; `.ci/run`
 * installs it when missing) in front of several reference server processes, on 127.0.0.1. Requests are
 * spread round-robin, one by one; a request carrying an `Mcp-Session-Id` goes to the process whose
 * response issued that id (a stick table learns it from the `initialize` response), as users configure
 * HAProxy in front of initialize-era servers. A process that stops answering is taken out by the health
 * check and a request that cannot connect to it is dispatched to another one. Every response says which
 * server answered (`X-Served-By: s0`, `s1`, …) so a test can trace its rounds.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./freePort";
import { START_CEILING_MS } from "./ceilings";

export const HAPROXY = process.env.HAPROXY_PATH ?? "haproxy";

/** Whether an HAProxy binary can run here (its version line), or undefined. */
export function haproxyVersion(): string | undefined {
  const probe = spawnSync(HAPROXY, ["-v"], { encoding: "utf8" });
  return probe.status === 0 ? probe.stdout.split("\n")[0] : undefined;
}

export interface RunningHaproxy {
  /** The balanced endpoint, with the backends' path (e.g. http://127.0.0.1:PORT/mcp). */
  url: string;
  /** The config it runs with, for a failure message. */
  config: string;
  close(): Promise<void>;
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export function haproxyConfig(port: number, backends: string[]): string {
  return `global
  maxconn 512

defaults
  mode http
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  # A request that cannot connect to its server is tried once more, then on another server.
  retries 2
  option redispatch 1

frontend mcp
  bind 127.0.0.1:${port}
  default_backend servers

backend servers
  balance roundrobin
  # Initialize-era sessions: learn which server issued an Mcp-Session-Id, send its requests there.
  stick-table type string len 128 size 10k expire 30m
  stick match req.hdr(mcp-session-id)
  stick store-response res.hdr(mcp-session-id)
  http-response set-header X-Served-By %[srv_name]
${backends.map((b, i) => `  server s${i} ${new URL(b).host} check inter 200ms fall 1 rise 2`).join("\n")}
`;
}

/** Starts HAProxy in the foreground on a free port in front of `backends` (http URLs with one path). */
export async function startHaproxy(backends: string[]): Promise<RunningHaproxy> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "presa-haproxy-"));
  const config = haproxyConfig(port, backends);
  const file = join(dir, "haproxy.cfg");
  writeFileSync(file, config);
  const check = spawnSync(HAPROXY, ["-c", "-f", file], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`haproxy refused the config: ${check.stdout}${check.stderr}\n${config}`);
  let log = "";
  const child: ChildProcess = spawn(HAPROXY, ["-db", "-f", file], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (c: Buffer) => (log += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (log += c.toString()));
  const deadline = Date.now() + START_CEILING_MS;
  while (!(await accepting(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`haproxy did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  // Let the first health checks mark every server up.
  await new Promise((r) => setTimeout(r, 500));
  return {
    url: `http://127.0.0.1:${port}${new URL(backends[0] as string).pathname}`,
    config,
    close: () =>
      new Promise<void>((resolve) => {
        rmSync(dir, { recursive: true, force: true });
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 3000).unref();
      }),
  };
}
