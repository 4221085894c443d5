/**
 * Turns at the screen, one per animation frame, for several wire logs on one page.
 *
 * A log that takes a batch of frames renders its rows again, and the browser paints them; with
 * several sessions side by side, each streaming, every log did that in the same frame, so the
 * frame's one task held every log's render and paint (four logs took about twice as long as one,
 * and paint was most of it). Here a log that has something new asks for a turn, and each animation
 * frame gives one turn, to the log that has waited longest: the frame paints one log, and each log
 * still shows its newest frames within as many animation frames as there are logs asking.
 *
 * A log alone on the page never waits: its turn runs at once, where it asked, as if there were no
 * turns at all. Asking again before the turn came keeps the log's place and runs only the newest
 * request. Nothing here knows React: `schedule` is requestAnimationFrame in the page, a fake in tests.
 */
export interface Turns {
  /** A log joins (when it mounts): it asks through the member it gets, and leaves when it unmounts. */
  join(): TurnMember;
}

export interface TurnMember {
  /** Runs `show` at this member's next turn (at once when no other member has joined). */
  ask(show: () => void): void;
  /** Leaves the turns: a request still waiting is dropped. */
  leave(): void;
}

export function createTurns(schedule: (tick: () => void) => void): Turns {
  const members = new Set<object>();
  // Waiting members in the order they first asked (a Map keeps a key's place when its value changes).
  const waiting = new Map<object, () => void>();
  let scheduled = false;

  const tick = (): void => {
    scheduled = false;
    const next = waiting.entries().next();
    if (next.done) return;
    const [member, show] = next.value;
    waiting.delete(member);
    if (waiting.size > 0) {
      scheduled = true;
      schedule(tick);
    }
    show();
  };

  return {
    join() {
      const me = {};
      members.add(me);
      return {
        ask(show) {
          if (members.size <= 1) {
            waiting.delete(me);
            show();
            return;
          }
          waiting.set(me, show);
          if (!scheduled) {
            scheduled = true;
            schedule(tick);
          }
        },
        leave() {
          members.delete(me);
          waiting.delete(me);
        },
      };
    },
  };
}

/** What turnedView reads: a store with getState and subscribe (a zustand store is one). */
export interface Readable<T> {
  getState(): T;
  subscribe(listener: () => void): () => void;
}

/**
 * A view of `store` that changes only at its subscriber's turns: the pair useSyncExternalStore takes.
 * Each subscriber joins `turns` while subscribed; the snapshot it sees is the store's state as of its
 * last turn, the same object until the next one.
 */
export function turnedView<T>(store: Readable<T>, turns: Turns): { subscribe: (notify: () => void) => () => void; getSnapshot: () => T } {
  let shown = store.getState();
  return {
    subscribe(notify) {
      const member = turns.join();
      const turn = (): void =>
        member.ask(() => {
          shown = store.getState();
          notify();
        });
      const unsubscribe = store.subscribe(turn);
      // A change between the render and this subscription still gets its turn.
      if (store.getState() !== shown) turn();
      return () => {
        unsubscribe();
        member.leave();
      };
    },
    getSnapshot: () => shown,
  };
}

/** The page's turns: every wire log on the page shares them. */
export const wireTurns: Turns = createTurns((tick) => {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(tick);
  else setTimeout(tick, 16);
});
