/**
 * The README's Performance table, regenerated from bench/results.json, with each figure's ratio over
 * the runs of the session beside it (bench/history.jsonl: one line per run, appended by run.ts).
 * `npm run bench -- --readme` rewrites the part of README.md between the two markers below;
 * `--markdown` prints it.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { formatValue, type Figure } from "./figures";

export const HISTORY = "bench/history.jsonl";
const START = "<!-- bench-table:start (npm run bench -- --readme) -->";
const END = "<!-- bench-table:end -->";
/** Runs this close to the latest one (before it) count as the same session. */
const SESSION_HOURS = 12;

export interface Results {
  command: string;
  startedAt: string;
  seconds: number;
  machine: { node: string; cpus: number; loadAtStart: number; chromium: string };
  figures: Figure[];
}

interface HistoryRun {
  startedAt: string;
  command: string;
  load: number;
  figures: { id: string; value: number; baseline: number; ratio: number; met: boolean }[];
}

/** Appends a run's own figures (not those kept from an earlier run) to the history. */
export function appendHistory(results: Results, measured: readonly Figure[]): void {
  const run: HistoryRun = {
    startedAt: results.startedAt,
    command: results.command,
    load: results.machine.loadAtStart,
    figures: measured.map((f) => ({ id: f.id, value: f.value, baseline: f.baseline, ratio: f.ratio, met: f.met })),
  };
  appendFileSync(HISTORY, `${JSON.stringify(run)}\n`);
}

function readHistory(): HistoryRun[] {
  if (!existsSync(HISTORY)) return [];
  return readFileSync(HISTORY, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as HistoryRun);
}

const num = (x: number) => formatValue(x, "").trim();

/** The table, each row with the ratio's min–max over the session's runs and how many of them met the goal. */
export function readmeTable(results: Results, history: readonly HistoryRun[] = readHistory()): string {
  const latest = Date.parse(results.startedAt);
  const recent = history.filter((r) => {
    const t = Date.parse(r.startedAt);
    return t <= latest && latest - t <= SESSION_HOURS * 3600_000;
  });
  // A run started on a machine busy with other work (load above its CPU count) says more about that work.
  const session = recent.filter((r) => r.load <= results.machine.cpus);
  const rows = results.figures.map((f) => {
    const seen = session.flatMap((r) => r.figures.filter((x) => x.id === f.id));
    const ratios = seen.map((x) => x.ratio).filter(Number.isFinite);
    const spread = ratios.length === 0 ? "–" : `${num(Math.min(...ratios))}–${num(Math.max(...ratios))}x, met ${seen.filter((x) => x.met).length}/${seen.length}`;
    return `| ${f.name} | ${formatValue(f.value, f.unit)} | ${formatValue(f.baseline, f.unit)} ${f.baselineName} | ${num(f.ratio)}x | ${f.goal.text} | ${f.met ? "yes" : "**no**"} | ${spread} |`;
  });
  const when = results.startedAt.replace("T", " ").slice(0, 16);
  return [
    `Latest run (${when} UTC, \`${results.command}\`, ${results.seconds} s; Node ${results.machine.node}, ${results.machine.chromium}, ${results.machine.cpus} CPUs, load ${results.machine.loadAtStart} at the start). The last column is the ratio over the ${session.length} run(s) of the session (bench/history.jsonl: runs within ${SESSION_HOURS} hours before this one, a partial run counting for its own parts; ${recent.length - session.length} run(s) started at a load above ${results.machine.cpus} left out):`,
    "",
    "| figure | value | baseline (same run) | ratio | goal | met | ratio over the session's runs |",
    "|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** Rewrites README.md between the markers; false when they are missing. */
export function writeReadmeTable(results: Results, readme = "README.md"): boolean {
  const text = readFileSync(readme, "utf8");
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a === -1 || b < a) return false;
  writeFileSync(readme, `${text.slice(0, a + START.length)}\n${readmeTable(results)}\n${text.slice(b)}`);
  return true;
}
