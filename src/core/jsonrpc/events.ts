function call<E>(listener: (event: E) => void, event: E): void {
  try {
    listener(event);
  } catch (e) {
    console.error("listener failed", e);
  }
}

/** A listener set in the style of zustand's vanilla store: subscribe returns its own undo. */
export class Emitter<E> {
  readonly #listeners = new Set<(event: E) => void>();

  subscribe(listener: (event: E) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * A throwing listener must not stop the others or the core; it is reported and skipped. The
   * listeners of the moment are called: one added during the emit waits for the next event. With
   * none or one (the usual case, on every frame) no copy of the set is made.
   */
  emit(event: E): void {
    const size = this.#listeners.size;
    if (size === 0) return;
    if (size === 1) {
      const only = this.#listeners.values().next().value as (event: E) => void;
      call(only, event);
      return;
    }
    for (const listener of [...this.#listeners]) call(listener, event);
  }

  get size(): number {
    return this.#listeners.size;
  }

  clear(): void {
    this.#listeners.clear();
  }
}
