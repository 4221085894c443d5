/**
 * `npm run bench`: builds the app (into bench/.out/dist), runs each part of the suite in its own process, prints every
 * figure with its baseline from the same run and their ratio, and writes bench/results.json. A
 * missed goal is reported in the table (met: NO), never a failure; a part that crashes is, after
 * the other parts have run. `--only core,http` runs some parts; `--markdown` prints the last
 * results as the README's table, `--readme` writes it into README.md; every run is appended to
 * bench/history.jsonl, which gives the table its spread over the session's runs.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { build } from "vite";
import { resolveChromium } from "../e2e/support/chromium";
import { table, type Figure } from "./lib/figures";
import { appendHistory, readmeTable, writeReadmeTable, type Results } from "./lib/readme";
import { APP_DIR } from "./lib/browser";
import { runNodePart } from "./lib/nodePart";

/** Parts in the order they run; those in NEEDS_BUILD need the built app. */
const PARTS = ["core", "http", "cli", "bundle", "browser", "startup", "memory", "stream", "sessions", "apps", "bridgeLoad"] as const;
const NEEDS_BUILD = new Set(["bundle", "browser", "startup", "memory", "stream", "sessions", "apps"]);

function chromiumVersion(): string {
  try {
    // Debian's wrapper script chatters on stderr; only the version line on stdout matters.
    return execFileSync(resolveChromium(), ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch (e) {
    return `unknown (${(e as Error).message.split("\n")[0]})`;
  }
}

async function main(): Promise<number> {
  // `--markdown`: the last results as the README's table, without running anything; `--readme`
  // writes that table into README.md (between its bench-table markers).
  if (process.argv.includes("--markdown") || process.argv.includes("--readme")) {
    const last = JSON.parse(readFileSync("bench/results.json", "utf8")) as Results;
    if (process.argv.includes("--markdown")) console.log(readmeTable(last));
    else if (!writeReadmeTable(last)) throw new Error("README.md has no bench-table markers");
    else console.log("bench: README.md's Performance table rewritten from bench/results.json and bench/history.jsonl");
    return 0;
  }
  const onlyArg = process.argv.find((a) => a.startsWith("--only="))?.slice(7) ?? (process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined);
  const parts = onlyArg ? PARTS.filter((p) => onlyArg.split(",").includes(p)) : [...PARTS];
  const started = new Date();
  const load = loadavg()[0] ?? 0;
  console.log(`bench: ${parts.join(", ")} on ${cpus().length} CPU(s), load ${load.toFixed(2)}`);
  if (load > cpus().length * 0.5) console.log(`bench: the machine is busy (load ${load.toFixed(2)}); timings are noisier than on an idle one`);
  if (parts.some((p) => NEEDS_BUILD.has(p))) {
    // Its own output folder: the e2e tests rebuild dist/, and a rebuild under a running bench
    // would swap the files a page is loading.
    console.log(`bench: vite build → ${APP_DIR}/`);
    await build({ logLevel: "warn", build: { outDir: APP_DIR, emptyOutDir: true } });
  }
  const figures: Figure[] = [];
  const errors: { part: string; error: string }[] = [];
  for (const part of parts) {
    const t0 = performance.now();
    console.log(`bench: ${part}`);
    try {
      figures.push(...(await runNodePart(part, (line) => console.log(line))).map((f) => ({ ...f, part })));
    } catch (e) {
      const message = e instanceof Error ? (e.stack ?? e.message) : String(e);
      errors.push({ part, error: message });
      console.error(`bench: ${part} crashed: ${message}`);
    }
    console.log(`bench: ${part} took ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  console.log("");
  console.log(table(figures));
  const missed = figures.filter((f) => !f.met);
  console.log("");
  const crashed = errors.map((e) => e.part);
  if (crashed.length > 0) console.log(`not measured (the part crashed): ${crashed.join(", ")}`);
  console.log(missed.length === 0 ? (crashed.length === 0 ? "every goal met" : "every goal measured was met") : `goals missed: ${missed.map((f) => f.name).join("; ")}`);
  // `--only`: the other parts' figures of the last run stay in results.json (each figure names its
  // part), so a partial run updates its own rows instead of dropping everyone else's. A part that
  // crashed keeps its last figures too (its error is recorded), rather than vanishing from the table.
  let kept: Figure[] = [];
  try {
    const last = JSON.parse(readFileSync("bench/results.json", "utf8")) as { figures: Figure[] };
    const measured = parts.filter((p) => !crashed.includes(p));
    kept = last.figures.filter((f) => f.part !== undefined && !measured.includes(f.part as (typeof PARTS)[number]) && (onlyArg !== undefined || crashed.includes(f.part)));
  } catch {
    kept = [];
  }
  // Whose figures in results.json are the last run's rather than this one's.
  const fromBefore = [...(onlyArg ? ["other parts"] : []), ...crashed];
  const order = (f: Figure): number => PARTS.indexOf(f.part as (typeof PARTS)[number]);
  const allFigures = [...kept, ...figures].sort((x, y) => order(x) - order(y));
  const results = {
    command: `${onlyArg ? `npm run bench -- --only ${parts.join(",")}` : "npm run bench"}${fromBefore.length > 0 ? ` (${fromBefore.join(", ")}: figures from the run before)` : ""}`,
    startedAt: started.toISOString(),
    seconds: Math.round((Date.now() - started.getTime()) / 1000),
    machine: {
      node: process.versions.node,
      platform: `${process.platform} ${process.arch}`,
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? "unknown",
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      loadAtStart: Number(load.toFixed(2)),
      chromium: chromiumVersion(),
    },
    parts,
    figures: allFigures,
    errors,
  };
  writeFileSync("bench/results.json", `${JSON.stringify(results, null, 2)}\n`);
  appendHistory(results, figures);
  console.log("bench: wrote bench/results.json");
  return errors.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
