import { toMcpError } from "../errors";
import type { JsonRpcRequest, RequestId } from "../jsonrpc/messages";
import type { CallRecord } from "./call";
import type { CallHost, CallOptions, CallRounds, CallRoundsModule, CallRoundsSource, CallState, InFlight, RequestOrigin } from "./callHost";
import { baseParams } from "./modernRequest";
import { Cancellation } from "./cancellation";
import { explainUrlRequired } from "./urlRequired";

export type { CallOptions } from "./callHost";

/**
 * Starts tools/call, prompts/get and resources/read and sees each to its end: the call's
 * cancellation, `callStarted` (synchronously) and `callFinished`. What happens in between, the
 * rounds of both eras, is callRounds.ts, given as it is or as a loader (CallRoundsSource): loaded,
 * it is used at once, with no await; until then the first call (or an initialize-era server request)
 * waits for it, and a failed load is that call's error. It knows the client only through `CallHost`.
 */
export class CallRunner {
  readonly #host: CallHost;
  /** The call each request in flight belongs to, by JSON-RPC id (every round's request, both eras). */
  readonly #inFlight: InFlight = new Map<RequestId, CallState>();
  #module: CallRoundsModule | undefined;
  #rounds: CallRounds | undefined;
  readonly #load: (() => Promise<CallRounds>) | undefined;

  constructor(host: CallHost, rounds: CallRoundsSource) {
    this.#host = host;
    if (typeof rounds === "function") {
      let loading: Promise<CallRounds> | undefined;
      this.#load = () =>
        (loading ??= rounds().then((m) => {
          this.#module ??= m;
          return (this.#rounds ??= m.createCallRounds(host, this.#inFlight));
        })).catch((e: unknown) => {
          // The next call tries again (a server that came back, a network that returned).
          loading = undefined;
          throw e;
        });
    } else {
      this.#module = rounds;
      this.#rounds = rounds.createCallRounds(host, this.#inFlight);
    }
  }

  /** `use` with the rounds' code: at once when it is here, else once it is loaded (a failed load rejects). */
  withModule<T>(use: (module: CallRoundsModule) => T | Promise<T>): T | Promise<T> {
    const module = this.#module;
    if (module) return use(module);
    return (this.#load as () => Promise<CallRounds>)().then(() => use(this.#module as CallRoundsModule));
  }

  /** The call id a request in flight belongs to, so its notifications (progress) are reported with it. */
  callOf(requestId: RequestId): string | undefined {
    return this.#inFlight.get(requestId)?.callId;
  }

  /** Answers a live server request of the initialize era (legacyInput.ts). */
  answerServerRequest(request: JsonRpcRequest, origin: RequestOrigin, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const rounds = this.#rounds;
    if (rounds) return rounds.answerServerRequest(request, origin, signal);
    // A ping needs none of the rounds' code.
    if (request.method === "ping") return Promise.resolve({});
    return (this.#load as () => Promise<CallRounds>)().then((loaded) => loaded.answerServerRequest(request, origin, signal));
  }

  /** Runs one call, reporting callStarted (synchronously) through callFinished. */
  async run(call: CallRecord, options: CallOptions): Promise<Record<string, unknown>> {
    const host = this.#host;
    const context = host.context();
    const { id: callId, method } = call;
    // A 2025-11-25 tools/call goes as a task when both sides take it (src/core/tasks, through its plug).
    const params = context.tasks ? context.tasks.params(context, method, call.params, options) : call.params;
    const started = host.clock.now();
    // The call's cancellation: the caller's signal or the handle's cancel(). Its AbortSignal is made
    // only for what needs a real one (cancellation.ts).
    const cancel = new Cancellation();
    const onAbort = (): void => cancel.abort(options.signal?.reason);
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const unhook = call.onCancel(() => cancel.abort(call.cancelReason));
    if (options.signal?.aborted) cancel.abort();
    else if (call.cancelled) cancel.abort(call.cancelReason);
    const withMeta = options.meta ? { ...params, _meta: { ...options.meta } } : params;
    host.emit({ type: "callStarted", callId, method, params: withMeta, at: started });
    const state: CallState = {
      callId,
      method,
      context,
      params: baseParams(params),
      round: 0,
      maxRounds: options.maxRounds ?? context.maxRounds,
      step: options.step ?? context.step,
      get signal() {
        return cancel.signal;
      },
      fail: () => undefined,
    };
    try {
      // Loaded: on at once, in this microtask, as if the rounds were part of this file.
      const rounds = this.#rounds ?? (await (this.#load as () => Promise<CallRounds>)());
      const result = await rounds.drive(withMeta, state, cancel, options);
      host.emit({ type: "callFinished", callId, method, rounds: state.round, at: host.clock.now(), ms: host.clock.now() - started, result });
      return result;
    } catch (e) {
      // -32042 where the revision does not define it is explained as the protocol error it is.
      const error = explainUrlRequired(toMcpError(e), context.revision);
      cancel.abort();
      host.emit({ type: "callFinished", callId, method, rounds: state.round, at: host.clock.now(), ms: host.clock.now() - started, error });
      throw error;
    } finally {
      options.signal?.removeEventListener("abort", onAbort);
      unhook();
    }
  }
}

