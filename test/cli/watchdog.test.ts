// A SIGKILLed `presa-inspector` (which cannot catch it) leaves nothing of its stdio server behind:
// the server runs under the watchdog (src/node/watchdog.ts, the bridge's too), which sees its pipe to the CLI
// close and stops the server's whole process group. The server here never answers, ignores SIGTERM
// and SIGHUP, and starts a grandchild that ignores them too; the test waits until every process
// carrying its marker is gone (a generous ceiling only for a broken watchdog).
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN, ROOT, buildCli, processesWith, tempDir } from "../support/cli";

beforeAll(async () => {
  await buildCli();
}, 120_000);

const STUBBORN = [
  "process.on('SIGTERM', () => {});",
  "process.on('SIGHUP', () => {});",
  "require('child_process').spawn('sh', ['-c', 'trap \"\" TERM HUP; sleep 600; : ' + process.argv[2]], { stdio: 'ignore' });",
  "process.stdin.resume();",
].join("\n");

describe("the CLI's watchdog", () => {
  it("SIGKILL of presa-inspector: its stdio server's process group is stopped", async () => {
    const marker = `presa-cli-kill-${process.pid}-${Date.now()}`;
    const script = join(tempDir(), "stubborn.cjs");
    writeFileSync(script, STUBBORN);
    const cli = spawn(process.execPath, [BIN, "call", "--stdio", `${process.execPath} ${script} ${marker}`, "tool", "greet"], { cwd: ROOT, stdio: "ignore" });
    try {
      // The server and its grandchild (sh and sleep) carry the marker.
      await expect.poll(() => processesWith(marker).length, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(3);
      const closed = new Promise((r) => cli.once("close", r));
      cli.kill("SIGKILL");
      await closed;
      await expect.poll(() => processesWith(marker), { timeout: 20_000, interval: 100 }).toEqual([]);
    } finally {
      if (cli.exitCode === null && cli.signalCode === null) cli.kill("SIGKILL");
      for (const pid of processesWith(marker)) {
        try {
          process.kill(Number(pid), "SIGKILL");
        } catch {
          // gone
        }
      }
    }
  }, 90_000);
});
