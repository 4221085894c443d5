/**
 * Small test utilities for the matrix: clocks that move only when told, deferreds, a rejection
 * catcher, and pass-through transport wrappers (a recording tap, a refusing mock).
 */
import type { McpError, JsonRpcMessage, SendOptions, Transport, TransportEvent } from "../../src/core";
import type { Clock } from "../../src/core/protocol";

// ---------------------------------------------------------------------------------------------------
// Small test utilities

export interface FakeClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

/** A clock whose `now` only moves when told; timers stay real (nothing in these flows waits on them). */
export function fakeClock(start = 1_700_000_000_000): FakeClock {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => void (now += ms),
    set: (ms) => void (now = ms),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

/** A clock whose timers fire only when `advance` moves time past them: timeouts without waiting. */
export function manualClock(start = 1_700_000_000_000): FakeClock & { pending(): number } {
  let now = start;
  let next = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const advance = (ms: number): void => {
    now += ms;
    for (const [handle, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at > now || !timers.has(handle)) continue;
      timers.delete(handle);
      timer.fn();
    }
  };
  return {
    now: () => now,
    advance,
    set: (ms) => advance(ms - now),
    setTimeout: (fn, ms) => (timers.set(++next, { at: now + ms, fn }), next),
    clearTimeout: (handle) => void timers.delete(handle as number),
    pending: () => timers.size,
  };
}

/** Lets queued deliveries (microtasks, in-process frames) run before the next line. */
export const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Runs `run` and returns what it threw (failing the test when it did not throw). */
export async function caught<E = McpError>(run: Promise<unknown> | (() => Promise<unknown>)): Promise<E> {
  try {
    await (typeof run === "function" ? run() : run);
  } catch (e) {
    return e as E;
  }
  throw new Error("expected a rejection, but the promise resolved");
}

// ---------------------------------------------------------------------------------------------------
// A pass-through tap: records every message the client's transport sent and every event it gave back.

export class TapTransport implements Transport {
  readonly kind: Transport["kind"];
  readonly capabilities: Transport["capabilities"];
  readonly sent: JsonRpcMessage[] = [];
  readonly received: TransportEvent[] = [];
  readonly inner: Transport;

  constructor(inner: Transport) {
    this.inner = inner;
    this.kind = inner.kind;
    this.capabilities = inner.capabilities;
    inner.subscribe((event) => this.received.push(event));
  }

  /** Answers and notifications still being written; close() lets them land (they are quick: 202 on HTTP). */
  readonly #unsettled = new Set<Promise<void>>();

  send(message: JsonRpcMessage, options?: SendOptions): Promise<void> {
    this.sent.push(message);
    const sending = this.inner.send(message, options);
    if (!("id" in message && "method" in message)) {
      const settled = sending.catch(() => undefined);
      this.#unsettled.add(settled);
      void settled.then(() => this.#unsettled.delete(settled));
    }
    return sending;
  }

  subscribe(listener: (event: TransportEvent) => void): () => void {
    return this.inner.subscribe(listener);
  }

  setProtocolVersion(revision: string | undefined): void {
    this.inner.setProtocolVersion?.(revision);
  }

  openStandaloneStream(): Promise<void> {
    return this.inner.openStandaloneStream?.() ?? Promise.resolve();
  }

  async close(): Promise<void> {
    await Promise.all(this.#unsettled);
    return this.inner.close();
  }
}

/**
 * Answers the first `times` requests of `method` itself with a JSON-RPC error instead of sending
 * them, like the conformance `request-metadata` mock that refuses the first request with -32022.
 */
export class RefusingTransport implements Transport {
  readonly kind: Transport["kind"];
  readonly capabilities: Transport["capabilities"];
  readonly #inner: Transport;
  readonly #listeners = new Set<(event: TransportEvent) => void>();
  refused = 0;

  constructor(
    inner: Transport,
    readonly method: string,
    readonly error: { code: number; message: string; data?: unknown },
    readonly times = 1,
  ) {
    this.#inner = inner;
    this.kind = inner.kind;
    this.capabilities = inner.capabilities;
  }

  async send(message: JsonRpcMessage, options?: SendOptions): Promise<void> {
    if ("method" in message && "id" in message && message.method === this.method && this.refused < this.times) {
      this.refused++;
      const raw = JSON.stringify({ jsonrpc: "2.0", id: message.id, error: this.error });
      const reply = JSON.parse(raw) as JsonRpcMessage;
      queueMicrotask(() => this.#listeners.forEach((l) => l({ type: "message", message: reply, raw })));
      return;
    }
    return this.#inner.send(message, options);
  }

  subscribe(listener: (event: TransportEvent) => void): () => void {
    this.#listeners.add(listener);
    const undo = this.#inner.subscribe(listener);
    return () => {
      this.#listeners.delete(listener);
      undo();
    };
  }

  setProtocolVersion(revision: string | undefined): void {
    this.#inner.setProtocolVersion?.(revision);
  }

  close(): Promise<void> {
    return this.#inner.close();
  }
}
