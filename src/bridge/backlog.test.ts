// A session's backlog is bounded by what it costs to keep, whatever the line shape, and the most
// sessions allowed share one total: 16 real servers printing empty lines (or "y" lines) as fast as
// they can, with no page reading, are each paused, and what they hold, counted by the queue's true
// cost, stays within the bounds plus the one chunk each read past them.
import { afterEach, describe, expect, it } from "vitest";
import { FRAME_OVERHEAD } from "./frameQueue";
import { MAX_SESSIONS, SessionRegistry } from "./registry";
import { BACKLOG_MAX_BYTES, BACKLOG_MIN_BYTES, BACKLOG_TOTAL_BYTES, inheritedEnv, type StdioSession } from "./stdioSession";

/** A pipe read is at most this much: the most a session reads past its share before it pauses. */
const PIPE_CHUNK = 64 * 1024;

let registry: SessionRegistry | undefined;

afterEach(async () => {
  await registry?.stopAll(200);
  registry = undefined;
});

describe("16 sessions printing as fast as they can, nobody reading", () => {
  it.each([
    ["empty lines", [""]],
    ["'y' lines", []],
  ])("%s: each is paused; all together stay under the total", async (_name, args) => {
    registry = new SessionRegistry({ baseEnv: inheritedEnv(), cwd: process.cwd() });
    const sessions: StdioSession[] = [];
    for (let i = 0; i < MAX_SESSIONS; i++) {
      const started = await registry.start({ command: "yes", args, env: {} });
      if (!started.ok) throw new Error(started.reason);
      sessions.push(started.session);
    }
    // Waits for the event (every server paused), with a ceiling only for a broken bridge.
    await expect.poll(() => sessions.filter((s) => s.paused).length, { timeout: 30_000, interval: 50 }).toBe(MAX_SESSIONS);
    for (const session of sessions) {
      expect(session.backlogBytes).toBeGreaterThanOrEqual(BACKLOG_MIN_BYTES);
      expect(session.backlogBytes).toBeLessThanOrEqual(BACKLOG_MAX_BYTES + PIPE_CHUNK + FRAME_OVERHEAD);
    }
    const total = sessions.reduce((sum, s) => sum + s.backlogBytes, 0);
    // Past the total only by what each may always hold and the chunk that crossed a bound.
    expect(total).toBeLessThanOrEqual(BACKLOG_TOTAL_BYTES + MAX_SESSIONS * (BACKLOG_MIN_BYTES + PIPE_CHUNK + FRAME_OVERHEAD));
  }, 60_000);
});
