/**
 * Figure 5: memory of a long session in Chromium. 1,000 multi-round calls (the demo's two-steps:
 * two forms, three requests each) through the app as it runs (embedded server, client core,
 * stores, the forms rendered), each question answered as soon as it shows. The calls store keeps
 * its newest 500 (CALLS_CAP; "Export history" saves them as JSON); the wire log is capped too.
 */
import type { Page } from "@playwright/test";
import type { BenchStats } from "../src/app/session/benchHooks";
import { atMost, figure, reported, withinTimes, type Figure } from "./lib/figures";
import { heapUsed, openBenchPage, withApp } from "./lib/browser";

const CALLS = 1_000;
const KB = 1024;
const MB = 1024 * 1024;

/** Runs `n` two-steps calls one after another, every question auto-answered. */
function calls(page: Page, n: number): Promise<void> {
  return page.evaluate(async (count) => {
    const hooks = (window as unknown as { __presaBench: import("../src/app/session/benchHooks").BenchHooks }).__presaBench;
    hooks.autoAnswer(true);
    for (let i = 0; i < count; i++) await hooks.callTool("two-steps", {});
    hooks.autoAnswer(false);
  }, n);
}

const stats = (page: Page): Promise<BenchStats> =>
  page.evaluate(() => (window as unknown as { __presaBench: import("../src/app/session/benchHooks").BenchHooks }).__presaBench.stats());

export async function run(log: (line: string) => void): Promise<Figure[]> {
  return withApp(async (browser, url) => {
    const { page, cdp } = await openBenchPage(browser, url);
    await calls(page, 1); // loads the forms chunk, so the start heap has the whole app in it
    const heapStart = await heapUsed(cdp);
    const started = performance.now();
    await calls(page, CALLS / 2 - 1);
    const half = await stats(page);
    const heapHalf = await heapUsed(cdp);
    await calls(page, CALLS / 2);
    const end = await stats(page);
    const heapEnd = await heapUsed(cdp);
    const seconds = (performance.now() - started) / 1000;
    await page.close();
    if (end.calls + end.callsDropped !== CALLS) throw new Error(`the calls store saw ${end.calls + end.callsDropped} calls, not ${CALLS}`);
    log(
      `  long session: ${CALLS} calls in ${seconds.toFixed(0)} s; kept ${end.calls} (dropped ${end.callsDropped}); calls store ${(half.callsBytes / KB).toFixed(0)} → ${(end.callsBytes / KB).toFixed(0)} KB; ` +
        `wire ${end.wire.toLocaleString("en")} frames; heap ${(heapStart / MB).toFixed(1)} → ${(heapHalf / MB).toFixed(1)} → ${(heapEnd / MB).toFixed(1)} MB`,
    );
    const note = `${CALLS} two-steps calls (3 requests, 2 forms each); at 500 calls: ${half.calls} kept, ${(heapHalf / MB).toFixed(1)} MB heap; at the end: ${end.wire.toLocaleString("en")} wire frames (${(end.wireBytes / MB).toFixed(1)} MB of text, cap 100,000); heap after a forced GC, ${(heapStart / MB).toFixed(1)} MB after the first call`;
    return [
      figure({
        id: "memory.callsKept",
        name: "long session: calls kept in memory",
        value: end.calls,
        unit: "calls",
        baseline: CALLS,
        baselineName: "made",
        goal: atMost(500, "calls"),
        note: `${end.callsDropped} older calls left memory (CALLS_CAP 500); "Export history" in the call history downloads the kept ones as JSON`,
      }),
      figure({
        id: "memory.callsStore",
        name: "long session: calls store size",
        value: end.callsBytes / KB,
        unit: "KB",
        baseline: half.callsBytes / KB,
        baselineName: "at 500 calls",
        goal: withinTimes(1.1),
        note: "the calls store as JSON; flat once the cap is reached",
      }),
      figure({
        id: "memory.heap",
        name: "long session: page heap at the end",
        value: heapEnd / MB,
        unit: "MB",
        baseline: heapHalf / MB,
        baselineName: "at 500 calls",
        goal: reported(),
        note,
      }),
      figure({
        id: "memory.heapPerCall",
        name: "long session: heap growth per call, capped",
        value: (heapEnd - heapHalf) / (CALLS / 2) / KB,
        unit: "KB",
        baseline: (end.wireBytes - half.wireBytes) / (CALLS / 2) / KB,
        baselineName: "wire text per call",
        goal: withinTimes(3),
        note: "from call 500 to 1,000, with the calls store full: what still grows is the wire log (its frames' text and a few facts about each), itself capped at 100,000 frames",
      }),
    ];
  });
}
