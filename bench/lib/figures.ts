/**
 * One measured figure, printed and written to bench/results.json: the value, the baseline measured
 * in the same run, their ratio, and the goal it is held to (a missed goal is reported, not fatal).
 */
export interface Goal {
  /** What the goal constrains: the value itself, or value ÷ baseline. */
  on: "value" | "ratio";
  /** "report": no goal of its own (shown for context, always met). */
  op: "<=" | ">=" | "<" | "report";
  limit: number;
  /** How the goal reads in the table, e.g. "≥ 2x". */
  text: string;
}

export interface Figure {
  id: string;
  name: string;
  value: number;
  unit: string;
  baseline: number;
  /** What the baseline is, in words. */
  baselineName: string;
  ratio: number;
  goal: Goal;
  met: boolean;
  /** Extra facts needed to read the figure (sample counts, the exact thing measured). */
  note?: string;
  /** The bench part that measured it (run.ts sets it). */
  part?: string;
}

export function check(goal: Goal, value: number, ratio: number): boolean {
  if (goal.op === "report") return true;
  const x = goal.on === "value" ? value : ratio;
  if (!Number.isFinite(x)) return false;
  if (goal.op === "<=") return x <= goal.limit;
  if (goal.op === "<") return x < goal.limit;
  return x >= goal.limit;
}

export function figure(f: Omit<Figure, "ratio" | "met"> & { ratio?: number }): Figure {
  const ratio = f.ratio ?? f.value / f.baseline;
  return { ...f, ratio, met: check(f.goal, f.value, ratio) };
}

/** Goal helpers, so each part reads like the sentences. */
export const atLeastTimes = (limit: number): Goal => ({ on: "ratio", op: ">=", limit, text: `≥ ${limit}x` });
export const withinTimes = (limit: number): Goal => ({ on: "ratio", op: "<=", limit, text: `≤ ${limit}x` });
export const below = (limit: number, unit: string): Goal => ({ on: "value", op: "<", limit, text: `< ${limit} ${unit}` });
export const atMost = (limit: number, unit: string): Goal => ({ on: "value", op: "<=", limit, text: `≤ ${limit} ${unit}` });
export const reported = (): Goal => ({ on: "value", op: "report", limit: 0, text: "(context)" });

function num(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a === 0) return "0";
  if (a >= 100_000) return Math.round(x).toLocaleString("en");
  if (a >= 100) return x.toFixed(0);
  if (a >= 10) return x.toFixed(1);
  if (a >= 1) return x.toFixed(2);
  return x.toPrecision(2);
}

export function formatValue(x: number, unit: string): string {
  return `${num(x)} ${unit}`.trim();
}

/** The table `npm run bench` prints: one line per figure, columns padded to fit. */
export function table(figures: readonly Figure[]): string {
  const head = ["figure", "value", "baseline (same run)", "ratio", "goal", "met"];
  const rows = figures.map((f) => [
    f.name,
    formatValue(f.value, f.unit),
    `${formatValue(f.baseline, f.unit)} ${f.baselineName}`,
    `${num(f.ratio)}x`,
    f.goal.text,
    f.met ? "yes" : "NO",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
