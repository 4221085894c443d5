/**
 * Several sessions: four sessions side by side in one page, each made by createSession() as the
 * live one is and shown by its own wire log, each streaming 25,000 frames (100 per animation frame
 * each, made as they go, in the same task, so making them counts against us), then all four logs
 * scrolled together. The longest main-thread task (CPU time, from a Chromium trace) while they
 * stream, which the goal is on, against the same with one session; apart, for context, the longest
 * while the four are scrolled in the same frames; the heap's growth (after a forced GC) against the
 * frames' own text.
 */
import type { Browser, Page } from "@playwright/test";
import type { BenchHooks } from "../src/app/benchHooks";
import { atMost, figure, reported, withinTimes, type Figure } from "./lib/figures";
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
    log(
      `  ${SESSIONS} sessions × ${FRAMES_EACH.toLocaleString("en")} frames: streaming, longest task ${four.stream.cpu.toFixed(1)} ms CPU (wall ${four.stream.wall.toFixed(1)}; one session ${one.stream.cpu.toFixed(1)}; in it: ${four.stream.parts ?? "(short)"}); ` +
        `the four logs scrolled together, longest task ${four.scroll.cpu.toFixed(1)} ms (one log ${one.scroll.cpu.toFixed(1)}; in it: ${four.scroll.parts ?? "(short)"}); heap +${(four.growth / MB).toFixed(1)} MB for ${(four.text / MB).toFixed(1)} MB of frame text`,
    );
    return [
      figure({
        id: "sessions.streamLongestTask",
        name: `${SESSIONS} sessions side by side, each streaming ${FRAMES_EACH.toLocaleString("en")} frames: longest task`,
        value: four.stream.cpu,
        unit: "ms",
        baseline: one.stream.cpu,
        baselineName: "one session, the same stream",
        goal: atMost(35, "ms"),
        note: `${SESSIONS} sessions (createSession()) each shown by its own wire log in columns over a ?bench page of the built app; ${FRAMES_EACH.toLocaleString("en")} frames into each, ${PER_FRAME} per animation frame each (made in the same task); the longest renderer main-thread task by CPU time from a Chromium trace while they stream: ${four.stream.cpu.toFixed(1)} ms (wall ${four.stream.wall.toFixed(1)}); in it: ${four.stream.parts ?? "nothing over 20 ms"}; one session: ${one.stream.cpu.toFixed(1)} ms`,
      }),
      figure({
        id: "sessions.scrollTogether",
        name: `${SESSIONS} logs scrolled together, the same frame each: longest task`,
        value: four.scroll.cpu,
        unit: "ms",
        baseline: one.scroll.cpu,
        baselineName: "one log scrolled the same way",
        goal: reported(),
        note: `after the stream, the ${SESSIONS} logs' scrollTop set together in each of 60 animation frames, from the bottom to the top (every visible row a new frame each time): ${four.scroll.cpu.toFixed(1)} ms (wall ${four.scroll.wall.toFixed(1)}); in it: ${four.scroll.parts ?? "nothing over 20 ms"}; one log: ${one.scroll.cpu.toFixed(1)} ms`,
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
