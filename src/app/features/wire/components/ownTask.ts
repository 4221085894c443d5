import { useEffect, useMemo } from "react";
import { flushSync } from "react-dom";

/** Runs the latest update scheduled under each key in a task of its own, rendered at once (flushSync). */
export interface OwnTask {
  schedule(key: string, update: () => void): void;
}

/**
 * One wire log's renders, each in a task of its own. A log's new rows cost a render, a commit and
 * the layout of those rows; several logs streaming at once would otherwise render in one task (React
 * batches the updates of a task), and that task would grow with every log on the page. Here each
 * log renders alone, in its own task soon after the change: a change scheduled again before that task
 * runs replaces the one waiting under the same key (the latest state is all a log needs), so a burst still costs one
 * render, and nothing waits longer than the tasks already queued.
 */
export function useOwnTask(): OwnTask {
  const task = useMemo(() => {
    let pending = new Map<string, () => void>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = (): void => {
      timer = undefined;
      const updates = [...pending.values()];
      pending = new Map();
      if (updates.length > 0) flushSync(() => updates.forEach((update) => update()));
    };
    return {
      schedule(key: string, update: () => void): void {
        pending.set(key, update);
        timer ??= setTimeout(run, 0);
      },
      cancel(): void {
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
        pending = new Map();
      },
    };
  }, []);
  useEffect(() => () => task.cancel(), [task]);
  return task;
}
