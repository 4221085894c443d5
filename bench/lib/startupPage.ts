/**
 * Start-up measurements shared by bench/startup.ts and bench/ab.ts: the time from navigation to the
 * first DOM change at which a page shows "connected", and a profile summary of one such load (where
 * the renderer's main thread spent that time), from a Chromium trace.
 */
import { resolve } from "node:path";
import type { Browser, Page } from "@playwright/test";

/** Where the floor page is built (from bench/floor). */
export const FLOOR_DIR = "bench/.out/floor";

/** Builds the start-up floor: bench/floor with React 19 and Vite, the app's build target, none of its config. */
export async function buildFloor(): Promise<string> {
  const [{ build }, { default: react }] = await Promise.all([import("vite"), import("@vitejs/plugin-react")]);
  await build({
    configFile: false,
    root: resolve("bench/floor"),
    base: "./",
    logLevel: "warn",
    plugins: [react()],
    build: { outDir: resolve(FLOOR_DIR), emptyOutDir: true, target: "es2022", modulePreload: { polyfill: false } },
  });
  return FLOOR_DIR;
}

/** Ours and the floor page both show `.status[data-status="connected"]` when connected. */
export const OURS_CONNECTED = `document.querySelector('.status[data-status="connected"]') !== null`;

/** Ours from a link naming the server: the prompt's Connect, clicked once (found by CSS, as theirs is). */
export const OURS_CONNECT_BUTTON = ".connect-prompt .actions button";

/**
 * Clicks the first element matching `selector` as soon as the page shows it: an observer installed
 * before the page's scripts reports its centre from the DOM change that adds it (through a binding,
 * so nothing polls), and the click is real mouse input at that point. Playwright's own
 * `locator.click()` after `goto` would wait for the load event, then build its helper script in the
 * fresh page (about 160 ms of main-thread time on this machine) and poll for the element at 20, 50,
 * 100 ms and then every 500 ms: 250–420 ms of the harness's, not the page's, before every click.
 */
async function clickWhenShown(page: Page, selector: string): Promise<void> {
  // A click that fails (the trial's context closing) leaves the page unconnected: the trial's wait
  // for connected fails with the page's state, so nothing is swallowed.
  await page.exposeBinding("__benchShown", (_source, x: number, y: number) => void page.mouse.click(x, y).catch(() => undefined));
  await page.addInitScript((target: string) => {
    const report = (window as unknown as { __benchShown(x: number, y: number): void }).__benchShown;
    const observer = new MutationObserver(() => {
      const rect = document.querySelector(target)?.getBoundingClientRect();
      if (!rect || rect.width === 0 || rect.height === 0) return;
      observer.disconnect();
      report(rect.x + rect.width / 2, rect.y + rect.height / 2);
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  }, selector);
}

/**
 * Installs, before the page's first script, a MutationObserver that records when `connected` first
 * holds (checked on every DOM change; in ms since navigation start, and as a User Timing mark
 * `bench:connected` a trace can see): no polling from outside, so no round trip is counted.
 */
async function watchConnected(page: Page, connected: string): Promise<void> {
  await page.addInitScript((test: string) => {
    const check = new Function(`return (${test})`) as () => boolean;
    const w = window as unknown as { __connectedAt?: number };
    const observer = new MutationObserver(() => {
      if (w.__connectedAt === undefined && check()) {
        w.__connectedAt = performance.now();
        performance.mark("bench:connected");
        observer.disconnect();
      }
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  }, connected);
}

const connectedAt = async (page: Page): Promise<number> =>
  (await (await page.waitForFunction(() => (window as unknown as { __connectedAt?: number }).__connectedAt, undefined, { timeout: 60_000 })).jsonValue()) as number;

/**
 * One load in a fresh browser context (cold cache, as a first visit): ms from navigation start to
 * connected; with `click`, a selector, that element is clicked once as soon as it is shown.
 */
export async function timeToConnected(browser: Browser, url: string, connected: string, click?: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await watchConnected(page, connected);
    if (click) await clickWhenShown(page, click);
    await page.goto(url, { waitUntil: "commit" });
    return await connectedAt(page);
  } finally {
    await context.close();
  }
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time; a busy machine's wall time also counts the time the OS ran someone else. */
  tdur?: number;
  args?: { name?: string; data?: { frame?: string } };
}

/**
 * The summary's rows: what the main thread did between navigation start and connected, in ms of its
 * CPU time; "not running" is the rest of the wall time (waiting on the network or another process,
 * or, on a busy machine, not given a CPU).
 */
export const PROFILE_ROWS = ["html", "compile", "script", "gc", "style+layout", "paint", "other task", "not running"] as const;
export type Profile = Record<(typeof PROFILE_ROWS)[number], number> & { total: number };

/** Which row a trace event's own time (its duration less its children's) goes to. */
function row(e: TraceEvent): (typeof PROFILE_ROWS)[number] {
  const n = e.name;
  if (n === "ParseHTML" || n === "ParseAuthorStyleSheet") return "html";
  if (/compile|parse/i.test(n) || e.cat.includes("v8.compile")) return "compile";
  if (/GC|Scavenge|Sweep|Mark/i.test(n)) return "gc";
  if (n === "UpdateLayoutTree" || n === "Layout" || n === "RecalculateStyles" || n === "HitTest" || n === "ScheduleStyleRecalculation" || n === "InvalidateLayout") return "style+layout";
  if (n === "PrePaint" || n === "Paint" || n === "Layerize" || n === "Commit" || n === "UpdateLayer" || n === "PaintImage" || n === "CompositeLayers") return "paint";
  if (n === "RunTask" || n === "ThreadControllerImpl::RunTask") return "other task";
  return "script";
}

/**
 * One load of `url` under a Chromium trace: the renderer main thread's time from navigation start to
 * the `bench:connected` mark, split by what it did (each trace event's own CPU time: V8's compile
 * events, script run, GC, HTML parse, style and layout, paint) and the wall time it was not running.
 */
export async function profileLoad(browser: Browser, url: string, connected: string, click?: string): Promise<Profile> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await watchConnected(page, connected);
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "disabled-by-default-v8.compile", "blink.user_timing", "loading", "toplevel"],
    });
    if (click) await clickWhenShown(page, click);
    await page.goto(url, { waitUntil: "commit" });
    const at = await connectedAt(page);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const mark = traceEvents.find((e) => e.name === "bench:connected");
    if (!mark) throw new Error(`no bench:connected mark in the trace of ${url}`);
    const main = traceEvents.find((e) => e.name === "thread_name" && e.pid === mark.pid && e.args?.name === "CrRendererMain");
    // The mark was made at `at` ms after navigation start (the page's time origin), on the trace's clock at mark.ts.
    const [from, to] = [mark.ts - at * 1000, mark.ts];
    const events = traceEvents
      .filter((e) => e.ph === "X" && e.pid === mark.pid && e.tid === (main?.tid ?? mark.tid) && e.dur !== undefined && e.ts >= from && e.ts < to)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const out = Object.fromEntries(PROFILE_ROWS.map((r) => [r, 0])) as Profile;
    // Self CPU time: each event's thread time less that of the events nested in it (by wall-clock span).
    const cpu = (e: TraceEvent) => e.tdur ?? e.dur ?? 0;
    const stack: { end: number; e: TraceEvent }[] = [];
    let busy = 0;
    for (const e of events) {
      while (stack.length > 0 && (stack.at(-1) as { end: number }).end <= e.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) out[row(parent.e)] -= cpu(e) / 1000;
      else busy += cpu(e);
      out[row(e)] += cpu(e) / 1000;
      stack.push({ end: e.ts + (e.dur ?? 0), e });
    }
    out["not running"] = (to - from - busy) / 1000;
    out.total = (to - from) / 1000;
    return out;
  } finally {
    await context.close();
  }
}

/** The per-row medians of several profiles. */
export function medianProfile(profiles: readonly Profile[]): Profile {
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;
  const out = { total: mid(profiles.map((p) => p.total)) } as Profile;
  for (const r of PROFILE_ROWS) out[r] = mid(profiles.map((p) => p[r]));
  return out;
}

export function formatProfile(p: Profile): string {
  return `${p.total.toFixed(0)} ms: ${PROFILE_ROWS.map((r) => `${r} ${p[r].toFixed(0)}`).join(", ")}`;
}
