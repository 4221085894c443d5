/** A listener set in the style of zustand's vanilla store: subscribe returns its own undo. */
export class Emitter<E> {
  readonly #listeners = new Set<(event: E) => void>();

  subscribe(listener: (event: E) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A throwing listener must not stop the others or the core; it is reported and skipped. */
  emit(event: E): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (e) {
        console.error("listener failed", e);
      }
    }
  }

  get size(): number {
    return this.#listeners.size;
  }

  clear(): void {
    this.#listeners.clear();
  }
}
