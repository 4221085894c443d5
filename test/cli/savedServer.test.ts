// `presa-inspector call --server NAME`: the servers file the app writes through the bridge (PUT
// /servers, as the page does), read by the real CLI process with a temporary XDG_CONFIG_HOME.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveBridgeServers } from "../../src/core";
import { startBridge, type RunningBridge } from "../../src/bridge";
import { serversFilePath as bridgePath } from "../../src/bridge/serversFile";
import { serversFilePath as cliPath } from "../../src/cli/savedServers";
import { ROOT, buildCli, runCli, startDemoServer, tempDir, writeAnswers, type RunningServer } from "../support/cli";
import { built } from "../support/entries";

let dir: string;
let answers: string;
let demo: RunningServer;
let bridge: RunningBridge;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dir = tempDir();
  answers = writeAnswers(dir);
  env = { ...process.env, XDG_CONFIG_HOME: join(dir, "config") };
  [demo] = await Promise.all([startDemoServer(), buildCli()]);
  bridge = await startBridge({ token: "N9yeAkufMw935yaRdCjtYTEgV4IVaCttc3u6YSwrSIg", serversFile: bridgePath(env) });
  const entry = (id: string, name: string, target: unknown, revision = "auto") => ({ id, name, target, revision, remember: false });
  await saveBridgeServers({ url: bridge.url, token: bridge.token }, {
    version: 1,
    servers: [
      entry("1", "demo over HTTP", { kind: "bridge-http", url: demo.url, headers: [{ name: "X-Trace", value: "t1" }] }, "2025-11-25"),
      entry("2", "demo stdio", { kind: "stdio", command: "node", args: [built("bin/demo-stdio.ts")], env: [{ name: "PRESA_UNUSED", value: "1" }], cwd: ROOT }),
      entry("3", "keyed", { kind: "url", url: demo.url, headers: [{ name: "Authorization", value: "" }] }),
    ],
  });
}, 60000);

afterAll(async () => {
  await Promise.all([demo?.stop(), bridge?.close()]);
});

describe("call --server NAME", { timeout: 45000 }, () => {
  it("the CLI reads the file the bridge writes", () => {
    expect(cliPath(env)).toBe(bridgePath(env));
  });

  it.each([
    ["demo over HTTP", "(2025-11-25)"],
    ["demo stdio", "(2026-07-28)"],
  ])("connects to %s by its saved name, at its saved revision", async (name, revision) => {
    const r = await runCli(["call", "--server", name, "--answers", answers, "tool", "greet"], { env });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Hello, Ada!");
    expect(r.stdout).toContain(revision);
  });

  it("a name in another case finds the one entry; --revision still wins", async () => {
    const r = await runCli(["call", "--server", "DEMO OVER HTTP", "--revision", "2026-07-28", "--answers", answers, "tool", "greet"], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("(2026-07-28)");
  });

  it("an unknown name lists the saved ones; a secret that was not remembered names the flag to give it", async () => {
    const unknown = await runCli(["call", "--server", "nope", "tool", "greet"], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no saved server named "nope"');
    expect(unknown.stderr).toContain('"demo over HTTP", "demo stdio", "keyed"');
    const keyed = await runCli(["call", "--server", "keyed", "tool", "greet"], { env });
    expect(keyed.code).toBe(2);
    expect(keyed.stderr).toContain('header Authorization has no value saved (its secret was not remembered); give it with --header "Authorization: …"');
    const given = await runCli(["call", "--server", "keyed", "--header", "Authorization: Bearer x", "--answers", answers, "tool", "greet"], { env });
    expect(given.code).toBe(0);
    expect(given.stdout).toContain("Hello, Ada!");
  });

  it("no file yet says where it would be", async () => {
    const r = await runCli(["call", "--server", "x", "tool", "greet"], { env: { ...process.env, XDG_CONFIG_HOME: join(dir, "empty") } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no saved servers yet");
  });
});
