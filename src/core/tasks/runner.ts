import type { Clock } from "../jsonrpc/connection";
import { McpError, toMcpError } from "../errors";
import type { RequestId } from "../jsonrpc/messages";
import { checkInputRequest } from "../mcp/answerInput";
import type { ClientEvent } from "../mcp/events";
import type { ModernRequestOptions } from "../mcp/modernRequest";
import type { TaskHandle } from "../mcp/callHost";
import { ErrorCode } from "../protocol/codes";
import type { Era } from "../protocol/revisions";
import type { InputRequest, InputResponse, InputResponses } from "../protocol/types";
import { isObject } from "../util/isObject";
import { checkTransition, effectivePollMs, readTask } from "./parse";
import { TASK_DEFAULTS, isTerminalStatus, type TaskOptions, type TaskSnapshot } from "../protocol/tasks";

/**
 * What the runner needs from the client, and nothing more (house style: a narrow interface, not the
 * Client), so the call driver can change shape around it.
 */
export interface TaskHost {
  readonly era: Era;
  readonly clock: Clock;
  readonly callId: string;
  /** The call's own cancellation. */
  readonly signal: AbortSignal;
  request(method: string, params: Record<string, unknown>, options: Pick<ModernRequestOptions, "id" | "timeoutMs" | "signal" | "retriedAs">): Promise<Record<string, unknown>>;
  newId(): RequestId;
  emit(event: ClientEvent): void;
  /** Answers one question with the client's input handlers, the same path every other input takes. */
  answer(key: string, request: InputRequest, round: number, signal: AbortSignal): Promise<InputResponse>;
  /** The next input round of the call (rounds before the task count too). */
  nextRound(): number;
  /** Initialize era: routes the server's live requests on request `id` to this call's input handlers. */
  track(id: RequestId): () => void;
  /** Step mode: shows the answers before they go, and returns them as the user left them (or throws to abandon). */
  hold(round: number, inputResponses: InputResponses): Promise<InputResponses>;
}

/** How long past a task's TTL the client still polls, waiting for the server to say it expired. */
const TTL_GRACE_MS = 1_000;

type Wake = { kind: "tick" } | { kind: "result"; value: Record<string, unknown> };

/**
 * Follows one task to its end (2026-07-28 ext-tasks "Task Polling"; 2025-11-25 "Getting Tasks"):
 * polls tasks/get no faster than the floor, answers `input_required` questions once each (2026:
 * tasks/update; 2025-11-25: live requests on an open tasks/result), and ends in the result, the task's
 * error, or an error in words when the server misbehaves. Bounded by `timeoutMs` and the task's TTL.
 */
class TaskRun implements TaskHandle {
  readonly taskId: string;
  readonly era: Era;
  readonly done: Promise<Record<string, unknown>>;
  readonly #host: TaskHost;
  readonly #options: TaskOptions;
  readonly #listeners = new Set<(task: TaskSnapshot) => void>();
  readonly #asked = new Set<string>();
  /** Aborts what the run has in flight (handlers, requests) when it ends. */
  readonly #local = new AbortController();
  #snapshot: TaskSnapshot;
  #polls = 0;
  #interrupt: ((error: McpError) => void) | undefined;
  #pendingError: McpError | undefined;
  #resultCall: Promise<Record<string, unknown>> | undefined;

  constructor(host: TaskHost, created: TaskSnapshot, options: TaskOptions) {
    this.#host = host;
    this.#options = options;
    this.taskId = created.taskId;
    this.era = host.era;
    this.#snapshot = created;
    this.done = this.#run();
  }

  getSnapshot(): TaskSnapshot {
    return this.#snapshot;
  }

  subscribe(listener: (task: TaskSnapshot) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  cancel(reason = "cancelled by the user"): void {
    this.fail(new McpError({ kind: "cancelled", message: `the task was cancelled: ${reason}` }));
  }

  /** Ends the run with `error` at its next wait (a refused answer, a cancel). */
  fail(error: McpError): void {
    this.#pendingError ??= error;
    this.#interrupt?.(error);
  }

  #emit(event: ClientEvent): void {
    this.#host.emit(event);
  }

  #now(): number {
    return this.#host.clock.now();
  }

  async #run(): Promise<Record<string, unknown>> {
    const host = this.#host;
    const started = this.#now();
    this.#emit({ type: "taskCreated", callId: host.callId, era: host.era, task: this.#snapshot, at: started });
    this.#emit({ type: "taskStatus", callId: host.callId, taskId: this.taskId, from: undefined, task: this.#snapshot, at: started });
    const onAbort = (): void => this.fail(new McpError({ kind: "cancelled", message: "the call was cancelled" }));
    host.signal.addEventListener("abort", onAbort, { once: true });
    if (host.signal.aborted) onAbort();
    try {
      const result = await this.#loop(started);
      this.#finish(started);
      return result;
    } catch (e) {
      const error = toMcpError(e);
      const fault = error.reason?.type;
      // A task the server lied about may still run there, whatever it last said; a gone one cannot.
      if (fault !== "taskGone" && (fault === "badTask" || !isTerminalStatus(this.#snapshot.status))) await this.#cancelOnServer(error.message);
      this.#finish(started, error);
      throw error;
    } finally {
      host.signal.removeEventListener("abort", onAbort);
      this.#local.abort();
    }
  }

  #finish(started: number, error?: McpError): void {
    const at = this.#now();
    const event: ClientEvent = { type: "taskFinished", callId: this.#host.callId, taskId: this.taskId, status: this.#snapshot.status, polls: this.#polls, ms: at - started, at };
    if (error) event.error = error;
    this.#emit(event);
  }

  async #loop(started: number): Promise<Record<string, unknown>> {
    const timeoutMs = this.#options.timeoutMs ?? TASK_DEFAULTS.timeoutMs;
    // A task created already finished is fetched at once; otherwise the server's interval applies.
    let wait = isTerminalStatus(this.#snapshot.status) ? 0 : effectivePollMs(this.#snapshot.pollIntervalMs, this.#options);
    if (this.era === "legacy" && this.#snapshot.status === "input_required") this.#openResult(started, timeoutMs);
    for (;;) {
      const woke = await this.#sleep(wait);
      if (woke.kind === "result") {
        // tasks/result answers only once the task is over ("Result Retrieval"): it completed.
        this.#see({ ...this.#snapshot, status: "completed" });
        return woke.value;
      }
      const now = this.#now();
      if (now - started > timeoutMs) {
        throw new McpError({ kind: "timeout", message: `the task ${this.taskId} did not finish within ${Math.round(timeoutMs / 1000)} s; the client gave up and cancelled it` });
      }
      const ttl = this.#snapshot.ttlMs;
      // The server's own word on expiry (a -32602 on the next poll) is better; give it a grace period first.
      if (ttl !== null && now - started > ttl + Math.max(2 * wait, TTL_GRACE_MS)) {
        throw new McpError({ kind: "timeout", message: `the task ${this.taskId} is past its ${ttl} ms TTL and has not finished; the client gave up on it` });
      }
      const raw = await this.#poll();
      switch (this.#snapshot.status) {
        case "working":
          break;
        case "input_required":
          if (this.era === "modern") this.#askNew(raw.inputRequests);
          else this.#openResult(started, timeoutMs);
          break;
        case "completed":
          if (this.era === "legacy") return this.#openResult(started, timeoutMs);
          if (!isObject(raw.result)) throw new McpError({ kind: "protocol", message: `the task ${this.taskId} completed without a result object` });
          return raw.result;
        case "failed":
          if (this.era === "legacy") return this.#openResult(started, timeoutMs);
          throw failedError(raw.error, this.#snapshot.statusMessage);
        case "cancelled":
          throw new McpError({ kind: "cancelled", message: `the server cancelled the task${this.#snapshot.statusMessage ? `: ${this.#snapshot.statusMessage}` : ""}` });
      }
      wait = effectivePollMs(this.#snapshot.pollIntervalMs, this.#options);
      this.#emit({
        type: "taskPolled",
        callId: this.#host.callId,
        taskId: this.taskId,
        poll: this.#polls,
        status: this.#snapshot.status,
        ms: this.#now() - now,
        serverPollIntervalMs: this.#snapshot.pollIntervalMs,
        nextPollInMs: wait,
        at: this.#now(),
      });
    }
  }

  /** One tasks/get; a task the server no longer knows (expired, unknown id) ends the call in words. */
  async #poll(): Promise<Record<string, unknown>> {
    this.#polls++;
    let raw: Record<string, unknown>;
    try {
      raw = await this.#host.request("tasks/get", { taskId: this.taskId }, { signal: this.#local.signal });
    } catch (e) {
      const error = toMcpError(e);
      if (error.code === ErrorCode.InvalidParams) {
        throw new McpError({ kind: "protocol", code: error.code, message: `the task ${this.taskId} is gone: the server no longer knows it (${error.message})`, reason: { type: "taskGone", taskId: this.taskId } });
      }
      throw error;
    }
    const next = readTask(raw, this.era);
    const why = checkTransition(this.#snapshot, next);
    if (why) throw new McpError({ kind: "protocol", message: why, reason: { type: "badTask", taskId: this.taskId } });
    this.#see(next);
    return raw;
  }

  #see(next: TaskSnapshot): void {
    const prev = this.#snapshot;
    this.#snapshot = next;
    if (prev.status !== next.status || prev.statusMessage !== next.statusMessage) {
      this.#emit({ type: "taskStatus", callId: this.#host.callId, taskId: this.taskId, from: prev.status, task: next, at: this.#now() });
      for (const listener of this.#listeners) listener(next);
    }
  }

  /** 2026-07-28: asks each question not seen before, and sends each answer with tasks/update. */
  #askNew(raw: unknown): void {
    if (!isObject(raw)) throw new McpError({ kind: "protocol", message: `the task ${this.taskId} is input_required but has no inputRequests object` });
    const fresh = Object.entries(raw).filter(([key]) => !this.#asked.has(key));
    if (fresh.length === 0) return;
    const round = this.#host.nextRound();
    for (const [key, value] of fresh) {
      this.#asked.add(key);
      const request = checkInputRequest(key, value);
      void this.#answer(key, request, round).catch((e: unknown) => this.fail(toMcpError(e, "unsupported")));
    }
  }

  async #answer(key: string, request: InputRequest, round: number): Promise<void> {
    const host = this.#host;
    const at = this.#now();
    host.emit({ type: "inputRequested", callId: host.callId, round, key, request, at });
    let response: InputResponse;
    try {
      response = await host.answer(key, request, round, this.#local.signal);
    } catch (e) {
      const error = toMcpError(e, "unsupported");
      host.emit({ type: "inputAnswered", callId: host.callId, round, key, response: undefined, error, at: this.#now(), ms: this.#now() - at });
      throw error;
    }
    host.emit({ type: "inputAnswered", callId: host.callId, round, key, response, at: this.#now(), ms: this.#now() - at });
    const inputResponses = await host.hold(round, { [key]: response } as InputResponses);
    if (this.#local.signal.aborted) return;
    let requestId = host.newId();
    // The event names the id the answers went under: a -32022 resends them under a new one.
    await host.request("tasks/update", { taskId: this.taskId, inputResponses }, { id: requestId, signal: this.#local.signal, retriedAs: (id) => (requestId = id) });
    host.emit({ type: "taskInputSent", callId: host.callId, taskId: this.taskId, keys: Object.keys(inputResponses), travel: "tasks/update", requestId, at: this.#now() });
  }

  /** 2025-11-25: one open tasks/result carries the task's questions and, at the end, its result. */
  #openResult(started: number, timeoutMs: number): Promise<Record<string, unknown>> {
    if (!this.#resultCall) {
      const id = this.#host.newId();
      const untrack = this.#host.track(id);
      const remaining = Math.max(1, timeoutMs - (this.#now() - started));
      this.#resultCall = this.#host.request("tasks/result", { taskId: this.taskId }, { id, timeoutMs: remaining, signal: this.#local.signal }).finally(untrack);
      this.#resultCall.catch(() => undefined);
    }
    return this.#resultCall;
  }

  /** Waits `ms`, unless the run is ended first or (2025-11-25) tasks/result answers. */
  #sleep(ms: number): Promise<Wake> {
    return new Promise<Wake>((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void): void => {
        if (settled) return;
        settled = true;
        this.#host.clock.clearTimeout(timer);
        this.#interrupt = undefined;
        fn();
      };
      const timer = this.#host.clock.setTimeout(() => settle(() => resolve({ kind: "tick" })), ms);
      this.#interrupt = (error) => settle(() => reject(error));
      if (this.#pendingError) this.#interrupt(this.#pendingError);
      this.#resultCall?.then(
        (value) => settle(() => resolve({ kind: "result", value })),
        (e: unknown) => settle(() => reject(toMcpError(e))),
      );
    });
  }

  /** Best effort: tells the server to stop (ext-tasks "Task Cancellation"; never notifications/cancelled). */
  async #cancelOnServer(reason: string): Promise<void> {
    const host = this.#host;
    host.emit({ type: "taskCancelRequested", callId: host.callId, taskId: this.taskId, reason, at: this.#now() });
    await host.request("tasks/cancel", { taskId: this.taskId }, { timeoutMs: 5_000 }).catch(() => undefined);
  }
}

/** The JSON-RPC error a failed 2026-07-28 task carries, as the call's error. */
function failedError(raw: unknown, statusMessage: string | undefined): McpError {
  const code = isObject(raw) && typeof raw.code === "number" ? raw.code : undefined;
  const message = isObject(raw) && typeof raw.message === "string" ? raw.message.slice(0, 2000) : (statusMessage ?? "no error given");
  return new McpError({ kind: "protocol", code, message: `the task failed: ${message}`, data: isObject(raw) ? raw.data : undefined });
}

/** Starts following a task; the handle goes to `onTask` before the first poll. */
export function followTask(host: TaskHost, created: TaskSnapshot, options: TaskOptions = {}, onTask?: (handle: TaskHandle) => void): TaskRun {
  const run = new TaskRun(host, created, options);
  onTask?.(run);
  return run;
}
