import type { Clock } from "./connection";

/**
 * Counts the waits on a person (a sign-in window, a form, a confirmation). While any is open, every
 * timer of a clock made by `pausedWhileWaiting` stands still: a timeout measures the machine, never
 * how long someone takes to type a password. Shared by whoever asks (the OAuth client, the call
 * runner) and whoever times (the connection).
 */
export class HumanWaits {
  #open = 0;
  readonly #listeners = new Set<(waiting: boolean) => void>();

  /** Whether someone is being waited on now. */
  get waiting(): boolean {
    return this.#open > 0;
  }

  /** Starts one wait on a person; the returned function ends it (once; later calls do nothing). */
  begin(): () => void {
    this.#open++;
    if (this.#open === 1) this.#tell(true);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#open--;
      if (this.#open === 0) this.#tell(false);
    };
  }

  /** Runs `work` (a wait on a person) with the timers stopped until it settles. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    const end = this.begin();
    try {
      return await work();
    } finally {
      end();
    }
  }

  /** Told `true` when the first wait begins and `false` when the last one ends; returns the undo. */
  subscribe(listener: (waiting: boolean) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  #tell(waiting: boolean): void {
    for (const listener of [...this.#listeners]) listener(waiting);
  }
}

interface Timer {
  fn: () => void;
  /** Time left when the timer last stopped (or was set). */
  left: number;
  /** When it last started counting, by the inner clock. */
  since: number;
  /** The inner clock's handle while counting; undefined while stopped. */
  handle: unknown;
}

/**
 * A clock whose timers count only while nobody is being waited on: when a wait begins each timer
 * stops with the time it had left, and when the last wait ends each goes on from there. `now()` is
 * the inner clock's (timestamps stay true). `detach` unhooks it from `waits` (which may outlive it).
 */
export function pausedWhileWaiting(inner: Clock, waits: HumanWaits): Clock & { detach(): void } {
  const timers = new Set<Timer>();
  const start = (timer: Timer): void => {
    timer.since = inner.now();
    timer.handle = inner.setTimeout(() => {
      timers.delete(timer);
      timer.fn();
    }, Math.max(0, timer.left));
  };
  const detach = waits.subscribe((waiting) => {
    for (const timer of timers) {
      if (waiting && timer.handle !== undefined) {
        inner.clearTimeout(timer.handle);
        timer.handle = undefined;
        timer.left -= inner.now() - timer.since;
      } else if (!waiting && timer.handle === undefined) start(timer);
    }
  });
  return {
    detach,
    now: () => inner.now(),
    setTimeout(fn, ms) {
      const timer: Timer = { fn, left: ms, since: inner.now(), handle: undefined };
      timers.add(timer);
      if (!waits.waiting) start(timer);
      return timer;
    },
    clearTimeout(handle) {
      const timer = handle as Timer;
      if (!timers.delete(timer)) return;
      if (timer.handle !== undefined) inner.clearTimeout(timer.handle);
      timer.handle = undefined;
    },
  };
}
