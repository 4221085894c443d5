import { Emitter } from "../jsonrpc/events";
import type { McpError } from "../errors";
import type { InputMethod } from "../protocol/meta";
import type { ClientEvent } from "./events";

/** The methods a call (with input rounds) can be started for: tools/call, resources/read, prompts/get. */
export type CallMethod = InputMethod;

/** What a finished call came to; the promise never rejects. */
export type CallOutcome = { ok: true; result: Record<string, unknown> } | { ok: false; error: McpError };

/** One started call: its id, its own events, its outcome, and a way to give it up. */
export interface CallHandle {
  /** Unique in the page / process: ids never restart per connection or per Client. */
  readonly id: string;
  readonly method: string;
  readonly params: Record<string, unknown>;
  /** Settles once with the result or the error; never rejects. */
  readonly outcome: Promise<CallOutcome>;
  /**
   * Only this call's events (callStarted ... callFinished, and notifications tied to it). A listener
   * added late first receives the events the call already had, in order, so none is missed.
   */
  subscribe(listener: (event: ClientEvent) => void): () => void;
  /** Gives the call up (the server is told where the era allows); a no-op once it has finished. */
  cancel(reason?: string): void;
}

let callCounter = 0;

/** A call id unique in this page or process: `call-N`, counting across every Client and connection. */
export function newCallId(): string {
  return `call-${++callCounter}`;
}

/** The call-side half of a handle: the runner delivers the call's events and settles it. */
export class CallRecord implements CallHandle {
  readonly id: string;
  readonly method: CallMethod;
  readonly params: Record<string, unknown>;
  readonly outcome: Promise<CallOutcome>;
  readonly #events: ClientEvent[] = [];
  readonly #listeners = new Emitter<ClientEvent>();
  #settle: (outcome: CallOutcome) => void = () => undefined;
  #done = false;
  #cancelled = false;
  #cancelReason: string | undefined;
  /** The runner's hook, told of cancel() (a plain callback: an AbortSignal per call costs ~2 µs). */
  #onCancel: (() => void) | undefined;

  constructor(id: string, method: CallMethod, params: Record<string, unknown>) {
    this.id = id;
    this.method = method;
    this.params = params;
    this.outcome = new Promise<CallOutcome>((resolve) => {
      this.#settle = resolve;
    });
  }

  /** Whether cancel() was called before the call finished. */
  get cancelled(): boolean {
    return this.#cancelled;
  }

  /** The runner's hook for cancel(); one at a time, undone by the returned function. */
  onCancel(listener: () => void): () => void {
    this.#onCancel = listener;
    return () => {
      if (this.#onCancel === listener) this.#onCancel = undefined;
    };
  }

  /** The reason given to cancel(), if it was called with one. */
  get cancelReason(): string | undefined {
    return this.#cancelReason;
  }

  subscribe(listener: (event: ClientEvent) => void): () => void {
    for (const event of [...this.#events]) listener(event);
    return this.#listeners.subscribe(listener);
  }

  cancel(reason?: string): void {
    if (this.#done || this.#cancelled) return;
    this.#cancelled = true;
    this.#cancelReason = reason;
    this.#onCancel?.();
  }

  /** Records and forwards one of this call's events. */
  deliver(event: ClientEvent): void {
    this.#events.push(event);
    this.#listeners.emit(event);
  }

  finish(outcome: CallOutcome): void {
    if (this.#done) return;
    this.#done = true;
    this.#settle(outcome);
  }
}
