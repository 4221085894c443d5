// However a stop is sent, nothing `npm run bridge` or `npm start` started outlives it: TERM, HUP or
// INT to the npm process alone (what a process manager, an IDE's stop button or `timeout` sends; npm
// passes TERM and INT on but not HUP), to the bridge's node process alone, or to the whole group
// (a terminal), and SIGKILL of any of them. Each case runs the real npm script in its own process
// group, spawns two servers that ignore stdin's end, SIGTERM and SIGHUP and start a grandchild that
// does too, sends the signal, and waits until npm, node and every server process are gone (a
// generous ceiling only for a broken stop; how long each took is printed, not asserted).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect as globalExpect, it, type ExpectStatic } from "vitest";
import { REPO } from "../../test/support/bridge";
import { alive, pidsWith, processTableAsync, spawnStubbornServer, sweepLeftovers } from "../../test/support/processes";

// A ceiling against a stop that never comes, not the measure: each case prints how long it took
// (about 1 to 4 s on an idle machine; several times that beside two busy loops and other test runs).
const GONE_CEILING_MS = 60_000;

const launched: ChildProcess[] = [];
const markers: string[] = [];

// After all, not after each: the cases run side by side, and a case that passes has already seen
// everything it started gone; this only sweeps what a failed case left.
afterAll(() => sweepLeftovers(launched, markers));

interface Launched {
  npm: ChildProcess;
  npmPid: number;
  nodePid: number;
  url: string;
  token: string;
}

/** `npm run bridge` or `npm start` in a group of its own; resolves once it serves, with its bridge. */
async function launch(expect: ExpectStatic, script: "bridge" | "start"): Promise<Launched> {
  const args = script === "bridge" ? ["run", "bridge", "--", "--port", "0"] : ["start"];
  const env = { ...process.env, PRESA_BRIDGE_TOKEN: "", PRESA_DIST: `${REPO}/dist-signals-test` };
  const npm = spawn("npm", args, { cwd: REPO, detached: true, stdio: ["ignore", "pipe", "pipe"], env });
  launched.push(npm);
  let out = "";
  npm.stdout?.on("data", (c: Buffer) => (out += c.toString()));
  npm.stderr?.on("data", (c: Buffer) => (out += c.toString()));
  const ready = script === "bridge" ? /token .*: (\S+)/ : /Local:\s+(\S+)/;
  await expect.poll(() => ready.test(out), { timeout: 120_000, interval: 100 }).toBe(true);
  const npmPid = npm.pid as number;
  const nodePid = (await processTableAsync()).find((p) => p.ppid === npmPid)?.pid ?? 0;
  expect(nodePid).toBeGreaterThan(0);
  if (script === "bridge") return { npm, npmPid, nodePid, url: /presa bridge on (\S+)/.exec(out)?.[1] ?? "", token: /token .*: (\S+)/.exec(out)?.[1] ?? "" };
  // npm start hands the bridge to the page in its index.html, not on its output.
  const html = await (await fetch(ready.exec(out)?.[1] ?? "")).text();
  const content = /<meta name="presa-bridge" content="([^"]+)"/.exec(html)?.[1] ?? "";
  const handoff = JSON.parse(content.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")) as { url: string; token: string };
  return { npm, npmPid, nodePid, ...handoff };
}

type Target = "npm" | "node" | "group";
const SIGNALS = ["SIGTERM", "SIGHUP", "SIGINT", "SIGKILL"] as const;
const TARGETS: Target[] = ["npm", "node", "group"];

/** `expect` is the case's own (the cases run side by side: a poll must know its test). */
async function scenario(expect: ExpectStatic, script: "bridge" | "start", target: Target, signal: NodeJS.Signals): Promise<void> {
  const marker = `presa-signal-${randomBytes(6).toString("hex")}`;
  markers.push(marker);
  const launchedScript = await launch(expect, script);
  for (let i = 0; i < 2; i++) expect((await spawnStubbornServer(launchedScript, marker, REPO)).status).toBe(201);
  // Both servers and both grandchildren (sh and sleep carry the marker) are up.
  await expect.poll(async () => pidsWith(marker, { zombies: false }, await processTableAsync()).length, { timeout: GONE_CEILING_MS }).toBeGreaterThanOrEqual(4);
  const started = Date.now();
  const pid = target === "npm" ? launchedScript.npmPid : target === "node" ? launchedScript.nodePid : -launchedScript.npmPid;
  process.kill(pid, signal);
  // One `ps` per poll for all three questions, shared with the other cases polling at that moment.
  const left = async (): Promise<string[]> => {
    const table = await processTableAsync();
    return [
      ...(alive(launchedScript.npmPid, table) ? [`npm ${launchedScript.npmPid}`] : []),
      ...(alive(launchedScript.nodePid, table) ? [`node ${launchedScript.nodePid}`] : []),
      ...pidsWith(marker, { zombies: false }, table).map((p) => `server ${p}`),
    ];
  };
  await expect.poll(left, { timeout: GONE_CEILING_MS, interval: 100 }).toEqual([]);
  console.log(`npm ${script === "bridge" ? "run bridge" : "start"}: ${signal} to ${target}: everything gone in ${Date.now() - started} ms`);
}

// Side by side (each case has its own npm, bridge, servers and marker): twelve cases one after the
// other spent most of their time waiting for processes to start.
describe.concurrent("npm run bridge: every signal to every process stops everything it started", () => {
  const cases: [NodeJS.Signals, Target][] = SIGNALS.flatMap((signal) => TARGETS.map((target): [NodeJS.Signals, Target] => [signal, target]));
  it.for(cases)("%s to %s", { timeout: 90_000 }, async ([signal, target], { expect }) => scenario(expect, "bridge", target, signal));
});

describe("npm start: the signals npm does not pass on", () => {
  it.each([
    ["SIGHUP", "npm"],
    ["SIGKILL", "npm"],
  ] as const)("%s to %s", async (signal, target) => scenario(globalExpect, "start", target, signal), 240_000);
});
