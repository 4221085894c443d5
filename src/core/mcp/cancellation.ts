/**
 * A call's cancellation, whose AbortSignal is made only when something asks for one. Making an
 * AbortSignal costs about 2 µs in Node (an EventTarget set up for it), a twentieth of a whole
 * in-process input flow; most calls are never cancelled and most of their parts never read the
 * signal, so the runner's own parts listen here instead (`onAbort`, plain callbacks) and the signal
 * is made for those that need a real one: an HTTP fetch, a handler that reads `ctx.signal`.
 */
export class Cancellation {
  #controller: AbortController | undefined;
  #aborted = false;
  #reason: unknown;
  #listeners: (() => void)[] | undefined;

  get aborted(): boolean {
    return this.#aborted;
  }

  /** A real AbortSignal, made now if it was not yet; already aborted (with the same reason) if this is. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  /**
   * Aborts once: the signal (if made) first, then the `onAbort` listeners in the order they came.
   * Without a reason the reason is an "AbortError" DOMException, as `AbortController.abort()` gives.
   */
  abort(reason?: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason === undefined ? new DOMException("This operation was aborted", "AbortError") : reason;
    this.#controller?.abort(this.#reason);
    const listeners = this.#listeners;
    this.#listeners = undefined;
    if (listeners) for (const listener of listeners) listener();
  }

  /** Runs `listener` once on abort (at once if already aborted); returns the undo. */
  onAbort(listener: () => void): () => void {
    if (this.#aborted) {
      listener();
      return noop;
    }
    (this.#listeners ??= []).push(listener);
    return () => {
      const listeners = this.#listeners;
      if (!listeners) return;
      const i = listeners.indexOf(listener);
      if (i >= 0) listeners.splice(i, 1);
    };
  }
}

const noop = (): void => undefined;
