// No spawned server outlives the bridge: a server left running would hold ports and files after Ctrl-C. The real `bin/bridge.ts` runs under tsx, as `npm
// run bridge` runs it, in its own process group like a terminal's foreground job; it spawns servers
// that ignore stdin's end and SIGTERM and start a grandchild of their own. Then the group gets
// SIGINT once, SIGINT twice 30 ms apart (tsx passes the first one on, so the bridge sees three),
// SIGHUP (the terminal closing) or SIGKILL, and `ps` must show none of the servers' processes left.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { REPO } from "../../test/support/bridge";
import { pidsWith, spawnStubbornServer, sweepLeftovers } from "../../test/support/processes";
import { SHUTDOWN_BOUND_MS } from "./shutdown";

const TSX = `${REPO}/node_modules/.bin/tsx`;

interface Launched {
  child: ChildProcess;
  url: string;
  token: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

const launched: ChildProcess[] = [];
const markers: string[] = [];

afterEach(() => sweepLeftovers(launched, markers));

async function launchBridge(): Promise<Launched> {
  const child = spawn(TSX, ["bin/bridge.ts", "--port", "0"], { cwd: REPO, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, PRESA_BRIDGE_TOKEN: "" } });
  launched.push(child);
  let out = "";
  child.stdout?.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (out += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 90_000;
  while (!/token .*: (\S+)/.test(out)) {
    if (Date.now() > deadline) throw new Error(`the bridge did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url: /presa bridge on (\S+)/.exec(out)?.[1] ?? "", token: /token .*: (\S+)/.exec(out)?.[1] ?? "", exited, output: () => out };
}

async function settle(marker: string, ms: number): Promise<number[]> {
  const end = Date.now() + ms;
  let left = pidsWith(marker);
  while (left.length > 0 && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    left = pidsWith(marker);
  }
  return left;
}

async function scenario(send: (bridge: Launched) => void): Promise<{ bridge: Launched; took: number; left: number[] }> {
  const marker = `presa-orphan-${randomBytes(6).toString("hex")}`;
  markers.push(marker);
  const bridge = await launchBridge();
  for (let i = 0; i < 2; i++) expect((await spawnStubbornServer(bridge, marker, REPO)).status).toBe(201);
  // Both servers and both grandchildren (sh and sleep carry the marker) are up.
  await expect.poll(() => pidsWith(marker).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
  const started = Date.now();
  send(bridge);
  await bridge.exited;
  const took = Date.now() - started;
  // Waits until they are gone; the ceiling is only for a stop that is broken, not slow.
  return { bridge, took, left: await settle(marker, 20_000) };
}

describe("stopping the bridge leaves no spawned process behind", () => {
  it("one SIGINT: every server's group is stopped within the bound, then the bridge exits 0", async () => {
    const { bridge, took, left } = await scenario((b) => process.kill(b.child.pid ?? 0, "SIGINT"));
    expect(left).toEqual([]);
    console.log(`stopped in ${took} ms (bound ${SHUTDOWN_BOUND_MS} ms)`);
    expect(bridge.output()).toMatch(/SIGINT: stopping the spawned servers/);
  }, 60_000);

  it("Ctrl-C in a terminal: SIGINT to the whole group, twice 30 ms apart (tsx repeats it)", async () => {
    const { took, left } = await scenario((b) => {
      process.kill(-(b.child.pid ?? 0), "SIGINT");
      setTimeout(() => process.kill(-(b.child.pid ?? 0), "SIGINT"), 30);
    });
    expect(left).toEqual([]);
    console.log(`stopped in ${took} ms (bound ${SHUTDOWN_BOUND_MS} ms)`);
  }, 60_000);

  it("SIGHUP to the group (the terminal closing)", async () => {
    const { took, left } = await scenario((b) => process.kill(-(b.child.pid ?? 0), "SIGHUP"));
    expect(left).toEqual([]);
    console.log(`stopped in ${took} ms (bound ${SHUTDOWN_BOUND_MS} ms)`);
  }, 60_000);

  it("SIGKILL of the bridge and tsx: each server's watchdog stops its group", async () => {
    const { left } = await scenario((b) => process.kill(-(b.child.pid ?? 0), "SIGKILL"));
    expect(left).toEqual([]);
  }, 60_000);
});

describe("the token a user gives", () => {
  it("PRESA_BRIDGE_TOKEN that is short or not random is refused with a message, exit 2", async () => {
    const child = spawn(TSX, ["bin/bridge.ts", "--port", "0"], { cwd: REPO, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, PRESA_BRIDGE_TOKEN: "password-password-password-1234" } });
    launched.push(child);
    let err = "";
    child.stderr?.on("data", (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(2);
    expect(err).toMatch(/the bridge token is (not random enough|\d+ characters long); use at least 32 random characters/);
  }, 30_000);
});
