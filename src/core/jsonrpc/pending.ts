import type { RequestId } from "./messages";

/**
 * Requests in flight, by id, as a Map would hold them: a connection's (its own requests) and a
 * server session's (the ones it serves, for their cancellation). There is usually one or none, so
 * the first sits in a slot of its own and a Map is made only for the others: a V8 Map that empties
 * shrinks, a new table on every request of a one-at-a-time client, and a server makes a connection
 * and a session per stateless POST: less garbage per HTTP round.
 */
export class PendingRequests<T> {
  #id: RequestId | undefined;
  #entry: T | undefined;
  #more: Map<RequestId, T> | undefined;

  get(id: RequestId): T | undefined {
    return this.#id === id ? this.#entry : this.#more?.get(id);
  }

  has(id: RequestId): boolean {
    return (this.#id !== undefined && this.#id === id) || this.#more?.has(id) === true;
  }

  set(id: RequestId, entry: T): void {
    if (this.#id === id || (this.#id === undefined && this.#more?.has(id) !== true)) {
      this.#id = id;
      this.#entry = entry;
    } else {
      (this.#more ??= new Map()).set(id, entry);
    }
  }

  delete(id: RequestId): boolean {
    if (this.#id !== id) return this.#more?.delete(id) === true;
    this.#id = undefined;
    this.#entry = undefined;
    return true;
  }

  get size(): number {
    return (this.#id === undefined ? 0 : 1) + (this.#more?.size ?? 0);
  }

  /** The ids, as a copy: safe to delete from while walking it. */
  ids(): RequestId[] {
    const ids = this.#more === undefined ? [] : [...this.#more.keys()];
    if (this.#id !== undefined) ids.unshift(this.#id);
    return ids;
  }
}
