/**
 * Several sessions: four sessions side by side in one page, each made by createSession() as the
 * live one is and shown by its own wire log, each streaming 25,000 frames (100 per animation frame
 * each, made as they go, in the same task, so making them counts against us), then all four logs
 * scrolled together. The longest main-thread task (CPU time, from a Chromium trace), against the
 * same with one session; the heap's growth (after a forced GC) against the frames' own text.
 */
import type { Browser, Page } from "@playwright/test";
import type { BenchHooks } from "../src/app/lib/benchHooks";
import { atMost, figure, withinTimes, type Figure } from "./lib/figures";
import { heapUsed, openBenchPage, withApp } from "./lib/browser";
import { traced, type TraceTask } from "./browser";

const SESSIONS = 4;
const FRAMES_EACH = 25_000;
const PER_FRAME = 100;
const MB = 1024 * 1024;

const hooks = (page: Page) => page.evaluateHandle(() => (window as unknown as { __presaBench: BenchHooks }).__presaBench);

interface SessionsRun {
  stream: TraceTask;
  scroll: TraceTask;
  growth: number;
  text: number;
  frames: number;
  heapEnd: number;
}

async function scenario(browser: Browser, url: string, count: number): Promise<SessionsRun> {
  const { page, cdp } = await openBenchPage(browser, url);
  const h = await hooks(page);
  await h.evaluate((b, n) => b.openSessions(n), count);
  const heapStart = await heapUsed(cdp);
  const longest = (tasks: TraceTask[]) => tasks.reduce((a, b) => (b.cpu > a.cpu ? b : a), { wall: 0, cpu: 0 });
  const stream = longest(await traced(browser, page, () => h.evaluate((b, [each, per]) => b.streamSessions(each, per), [FRAMES_EACH, PER_FRAME] as const)));
  const scroll = longest(
    await traced(browser, page, () =>
      page.evaluate(async () => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        const logs = [...document.querySelectorAll<HTMLElement>(".bench-session .wire-scroll")];
        if (logs.length === 0) throw new Error("no session logs on the page");
        for (let i = 0; i <= 60; i++) {
          for (const el of logs) el.scrollTop = (el.scrollHeight - el.clientHeight) * (1 - i / 60);
          await frame();
        }
      }),
    ),
  );
  const stats = await h.evaluate((b) => b.sessionsStats());
  const heapEnd = await heapUsed(cdp);
  await page.context().close();
  if (stats.frames !== count * FRAMES_EACH) throw new Error(`the sessions hold ${stats.frames} frames, not ${count * FRAMES_EACH}`);
  return { stream, scroll, growth: heapEnd - heapStart, text: stats.bytes, frames: stats.frames, heapEnd };
}

export async function run(log: (line: string) => void): Promise<Figure[]> {
  return withApp(async (browser, url) => {
    const one = await scenario(browser, url, 1);
    const four = await scenario(browser, url, SESSIONS);
    const worst = (r: SessionsRun) => (r.stream.cpu > r.scroll.cpu ? r.stream : r.scroll);
    log(
      `  ${SESSIONS} sessions × ${FRAMES_EACH.toLocaleString("en")} frames: longest task ${worst(four).cpu.toFixed(1)} ms CPU (stream ${four.stream.cpu.toFixed(1)}, scroll ${four.scroll.cpu.toFixed(1)}; wall ${worst(four).wall.toFixed(1)}); ` +
        `one session: ${worst(one).cpu.toFixed(1)} ms; in the longest of the four: ${worst(four).parts ?? "(short)"}; heap +${(four.growth / MB).toFixed(1)} MB for ${(four.text / MB).toFixed(1)} MB of frame text`,
    );
    return [
      figure({
        id: "sessions.longestTask",
        name: `${SESSIONS} sessions side by side, ${FRAMES_EACH.toLocaleString("en")} frames each: longest task`,
        value: worst(four).cpu,
        unit: "ms",
        baseline: worst(one).cpu,
        baselineName: "one session, the same stream",
        goal: atMost(35, "ms"),
        note: `${SESSIONS} sessions (createSession()) each shown by its own wire log in columns over a ?bench page of the built app; ${FRAMES_EACH.toLocaleString("en")} frames into each, ${PER_FRAME} per animation frame each (made in the same task), then the four logs scrolled together over 60 frames; the longest renderer main-thread task by CPU time from a Chromium trace: stream ${four.stream.cpu.toFixed(1)} ms (wall ${four.stream.wall.toFixed(1)}), scroll ${four.scroll.cpu.toFixed(1)} ms (wall ${four.scroll.wall.toFixed(1)}); in the longest: ${worst(four).parts ?? "(short)"}; the longest held ${worst(four).parts ?? "nothing over 20 ms"}; one session: stream ${one.stream.cpu.toFixed(1)}, scroll ${one.scroll.cpu.toFixed(1)} ms`,
      }),
      figure({
        id: "sessions.heap",
        name: `${SESSIONS} sessions side by side: heap growth`,
        value: four.growth / MB,
        unit: "MB",
        baseline: four.text / MB,
        baselineName: "the frames' own text",
        goal: withinTimes(2),
        note: `the page's heap after a forced GC, before the first frame and after the last (${four.frames.toLocaleString("en")} frames in ${SESSIONS} logs, ${(four.heapEnd / MB).toFixed(1)} MB at the end); one session: +${(one.growth / MB).toFixed(1)} MB for ${(one.text / MB).toFixed(1)} MB of text`,
      }),
    ];
  });
}
