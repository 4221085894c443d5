/**
 * Figure 7: the command line's cold start. From spawning `node bin/presa-inspector.mjs call` to the
 * first HTTP request reaching the server, against the official inspector's CLI
 * (@modelcontextprotocol/inspector `--cli`, a dev dependency) making the same call (tools/call echo
 * with one argument) on the same demo server. Each side is a fresh process per sample, interleaved.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { demoServer } from "../src/server/demo";
import { startHttpServer } from "../src/server/http/handler";
import { figure, reported, withinTimes, type Figure } from "./lib/figures";
import { median } from "./lib/stats";

const WARMUP = 2;
const SAMPLES = 15;
const OFFICIAL = resolve("node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");

interface Sample {
  firstRequestMs: number;
  exitMs: number;
}

export async function run(log: (line: string) => void): Promise<Figure[]> {
  // The bundle the bin starts, built as `npm run build:cli` builds it.
  await build({ entryPoints: [resolve("src/cli/index.ts")], bundle: true, platform: "node", format: "esm", target: "node20", outfile: resolve("dist-cli/presa-inspector.mjs"), logLevel: "warning" });
  const running = await startHttpServer(demoServer({ stateSecret: "bench" }));
  let firstRequest: number | undefined;
  running.server.on("request", () => void (firstRequest ??= performance.now()));
  // The official CLI keeps a catalog file; its own, not the user's ~/.mcp-inspector.
  const catalog = join(mkdtempSync(join(tmpdir(), "presa-bench-cli-")), "mcp.json");

  const sides = {
    ours: [resolve("bin/presa-inspector.mjs"), "call", "--url", running.url, "tool", "echo", "message=hi"],
    official: [OFFICIAL, "--cli", running.url, "--transport", "http", "--method", "tools/call", "--tool-name", "echo", "--tool-arg", "message=hi"],
  };

  const once = (argv: string[]): Promise<Sample> =>
    new Promise((done, fail) => {
      firstRequest = undefined;
      const t0 = performance.now();
      const child = spawn(process.execPath, argv, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, MCP_CATALOG_PATH: catalog } });
      let out = "";
      child.stdout.on("data", (d: Buffer) => void (out += d.toString()));
      child.stderr.on("data", (d: Buffer) => void (out += d.toString()));
      child.on("error", fail);
      child.on("close", (code) => {
        const end = performance.now();
        // Both must have made the call: the echo comes back in their output.
        if (code !== 0 || !out.includes("hi") || firstRequest === undefined) return fail(new Error(`${argv[0]} exited ${code}: ${out.slice(0, 400)}`));
        done({ firstRequestMs: firstRequest - t0, exitMs: end - t0 });
      });
    });

  const ours: Sample[] = [];
  const official: Sample[] = [];
  try {
    for (let i = 0; i < WARMUP; i++) {
      await once(sides.ours);
      await once(sides.official);
    }
    for (let i = 0; i < SAMPLES; i++) {
      // Alternate who goes first, so neither side always follows the other's disk and CPU work.
      if (i % 2 === 0) {
        ours.push(await once(sides.ours));
        official.push(await once(sides.official));
      } else {
        official.push(await once(sides.official));
        ours.push(await once(sides.ours));
      }
    }
  } finally {
    await running.close();
  }
  const [o1, b1] = [median(ours.map((s) => s.firstRequestMs)), median(official.map((s) => s.firstRequestMs))];
  const [o2, b2] = [median(ours.map((s) => s.exitMs)), median(official.map((s) => s.exitMs))];
  log(`  cli cold start to first request: ours ${o1.toFixed(0)} ms, official --cli ${b1.toFixed(0)} ms; to exit: ours ${o2.toFixed(0)} ms, official ${b2.toFixed(0)} ms`);
  const note = `${SAMPLES} fresh processes each, interleaved, after ${WARMUP} warm-up each; the same tools/call echo message=hi on the demo server over Streamable HTTP on 127.0.0.1; time from spawn to the first HTTP request the server receives (Node ${process.versions.node}); ours: bin/presa-inspector.mjs (the esbuild bundle), official: @modelcontextprotocol/inspector 2.12.0 --cli`;
  return [
    figure({ id: "cli.firstRequest", name: "CLI cold start to first request", value: o1, unit: "ms", baseline: b1, baselineName: "official inspector --cli", goal: withinTimes(1), note }),
    figure({ id: "cli.exit", name: "CLI cold start to exit (whole call)", value: o2, unit: "ms", baseline: b2, baselineName: "official inspector --cli", goal: reported(), note }),
  ];
}
