/**
 * How `npm run bridge` and `npm start` stop: on SIGINT, SIGTERM or SIGHUP (the terminal closing),
 * any number of times (tsx passes Ctrl-C on, so the bridge sees SIGINT twice within ~30 ms), the
 * first signal starts one stop and every later one joins it. The stop gives each spawned server
 * {@link SHUTDOWN_GRACE_MS} after stdin closes, then SIGTERM, then SIGKILL, to its whole process group;
 * if anything is still running at {@link SHUTDOWN_BOUND_MS}, every remaining group gets SIGKILL and
 * the process exits anyway. The same stop starts when the parent (npm, tsx) is gone, whatever ended
 * it. SIGKILL of the bridge itself cannot be caught: then each server's watchdog (watchdog.mjs) sees
 * its control pipe close and stops its group.
 */
export const SHUTDOWN_GRACE_MS = 1000;
export const SHUTDOWN_BOUND_MS = 3 * SHUTDOWN_GRACE_MS + 1500;
export const SHUTDOWN_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
/**
 * How often the process checks that its parent is still the one that started it. npm does not pass
 * SIGHUP on, and SIGKILL of npm (or of tsx) cannot be passed on: the process is then reparented,
 * which this notices, and it stops as on a signal. Checked often enough that the stop still ends
 * within about 5 s of the parent's end.
 */
export const PARENT_CHECK_MS = 250;

export interface Stoppable {
  close(graceMs?: number): Promise<unknown>;
  /** Process groups still running, for the last SIGKILL. */
  groups?(): number[];
}

export function stopOnSignals(parts: Stoppable[], log: (line: string) => void = (line) => console.error(line)): void {
  let stopping = false;
  const stop = (reason: string): void => {
    if (stopping) return;
    stopping = true;
    log(`${reason}: stopping the spawned servers (at most ${SHUTDOWN_BOUND_MS / 1000} s)…`);
    const hard = setTimeout(() => {
      for (const group of parts.flatMap((p) => p.groups?.() ?? [])) {
        try {
          process.kill(-group, "SIGKILL");
        } catch {
          // already gone
        }
      }
      log("stopped by force: a server did not exit in time");
      process.exit(1);
    }, SHUTDOWN_BOUND_MS);
    void Promise.allSettled(parts.map((p) => p.close(SHUTDOWN_GRACE_MS))).then(() => {
      clearTimeout(hard);
      process.exit(0);
    });
  };
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, stop);
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    stop(`the parent process (${parent}) is gone`);
  }, PARENT_CHECK_MS);
  watch.unref();
}
