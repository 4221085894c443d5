/** Small statistics for the bench: percentiles, medians, and interleaved rate trials. */

/** The p-th quantile (0..1) of `samples`, nearest-rank. */
export function quantile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[rank] as number;
}

export const median = (samples: readonly number[]): number => quantile(samples, 0.5);

export function sum(samples: readonly number[]): number {
  let s = 0;
  for (const x of samples) s += x;
  return s;
}

/** Least-squares slope of y over x: growth per unit of x, less sensitive to one noisy point than end minus start. */
export function slope(xs: readonly number[], ys: readonly number[]): number {
  const n = Math.min(xs.length, ys.length);
  const mx = sum(xs.slice(0, n)) / n;
  const my = sum(ys.slice(0, n)) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx;
    num += dx * ((ys[i] as number) - my);
    den += dx * dx;
  }
  return den === 0 ? Number.NaN : num / den;
}

/** A rate measured both ways: per second of wall time, and per second of this process's CPU time. */
export interface Rate {
  wall: number;
  cpu: number;
}

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

/**
 * Runs `op` back to back for `ms`; returns operations per wall second and per CPU second. On a
 * machine shared with other work, wall time counts the time the OS ran someone else; CPU time
 * counts only this process's work (all its threads, so GC helpers are paid for too).
 */
export async function rate(op: () => Promise<unknown>, ms: number): Promise<Rate> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let n = 0;
  let now = started;
  while (now - started < ms) {
    await op();
    n++;
    now = performance.now();
  }
  return { wall: n / ((now - started) / 1000), cpu: n / cpuSeconds(cpu) };
}

/** The synchronous twin of `rate`, timing `batch` calls at a time. */
export function syncRate(op: () => void, ms: number, batch = 100): Rate {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let n = 0;
  let now = started;
  while (now - started < ms) {
    for (let i = 0; i < batch; i++) op();
    n += batch;
    now = performance.now();
  }
  return { wall: n / ((now - started) / 1000), cpu: n / cpuSeconds(cpu) };
}

/**
 * Alternates trials of two contenders (A B A B …) and keeps the median of each, so a slow moment of
 * the machine (another process, a GC) hits both sides alike instead of deciding the ratio.
 */
export async function interleaved<T>(trials: number, a: () => Promise<T>, b: () => Promise<T>): Promise<{ a: T[]; b: T[] }> {
  const out = { a: [] as T[], b: [] as T[] };
  for (let i = 0; i < trials; i++) {
    if (i % 2 === 0) {
      out.a.push(await a());
      out.b.push(await b());
    } else {
      out.b.push(await b());
      out.a.push(await a());
    }
  }
  return out;
}

/**
 * Runs each contender once per trial, the order turned by one place every trial (A B C, B C A,
 * C A B, …), so no contender always runs first, right after another, or on a warmer machine.
 */
export async function rotated<T>(trials: number, contenders: readonly (() => Promise<T>)[]): Promise<T[][]> {
  const out = contenders.map(() => [] as T[]);
  for (let i = 0; i < trials; i++) {
    for (let k = 0; k < contenders.length; k++) {
      const j = (i + k) % contenders.length;
      (out[j] as T[]).push(await (contenders[j] as () => Promise<T>)());
    }
  }
  return out;
}

/** Median with its spread: quartiles and extremes, for notes and logs. */
export interface Spread {
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
  n: number;
}

export function spread(samples: readonly number[]): Spread {
  return {
    median: median(samples),
    p25: quantile(samples, 0.25),
    p75: quantile(samples, 0.75),
    min: Math.min(...samples),
    max: Math.max(...samples),
    n: samples.length,
  };
}

/** "180 ms (p25–p75 160–210, 140–320, n 31)". */
export function formatSpread(s: Spread, unit: string, digits = 0): string {
  const f = (x: number) => x.toFixed(digits);
  return `${f(s.median)} ${unit} (p25–p75 ${f(s.p25)}–${f(s.p75)}, min–max ${f(s.min)}–${f(s.max)}, n ${s.n})`;
}
