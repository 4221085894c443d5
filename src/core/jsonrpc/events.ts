function call<E>(listener: (event: E) => void, event: E): void {
  try {
    listener(event);
  } catch (e) {
    console.error("listener failed", e);
  }
}

/** No listeners: shared by every emitter until its first subscribe. */
const NONE: readonly never[] = Object.freeze([]);

/**
 * A listener set in the style of zustand's vanilla store: subscribe returns its own undo. The list is
 * replaced on subscribe and undo, never changed in place, so an emit walks the list of its moment
 * without copying it, and an emitter nobody listens to (a server's connection per stateless POST)
 * holds no list of its own: an emit makes no garbage, which a server feels on every HTTP round.
 */
export class Emitter<E> {
  #listeners: readonly ((event: E) => void)[] = NONE;

  subscribe(listener: (event: E) => void): () => void {
    if (!this.#listeners.includes(listener)) this.#listeners = [...this.#listeners, listener];
    return () => {
      if (this.#listeners.includes(listener)) this.#listeners = this.#listeners.filter((l) => l !== listener);
    };
  }

  /**
   * A throwing listener must not stop the others or the core; it is reported and skipped. The
   * listeners of the moment are called, as a Set's walk would: one added during the emit waits for
   * the next event, and one removed during it (by an earlier listener) is not called. Only an emit
   * whose listeners change while it runs looks the list up again.
   */
  emit(event: E): void {
    const listeners = this.#listeners;
    for (let i = 0; i < listeners.length; i++) {
      const listener = listeners[i] as (event: E) => void;
      if (this.#listeners !== listeners && !this.#listeners.includes(listener)) continue;
      call(listener, event);
    }
  }

  get size(): number {
    return this.#listeners.length;
  }

  clear(): void {
    this.#listeners = NONE;
  }
}
