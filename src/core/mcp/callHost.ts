/**
 * The call runner's view of the client (CallHost: verbs and the clock), what each call runs with
 * (CallContext), the state of one call in flight, and where tasks plug in (TaskPlug): the task runner
 * (src/core/tasks) implements the plug and src/core/client.ts gives it to the client, so this folder
 * never imports src/core/tasks and the dependency runs one way.
 */
import type { Clock, IncomingContext } from "../jsonrpc/connection";
import type { McpError } from "../errors";
import type { JsonRpcRequest, RequestId } from "../jsonrpc/messages";
import type { Era } from "../protocol/revisions";
import type { TaskOptions, TaskSnapshot } from "../protocol/tasks";
import type { ClientCapabilities, ServerCapabilities, Tool } from "../protocol/types";
import type { Cancellation } from "./cancellation";
import type { ClientTaskReceiver } from "./clientTasks";
import type { completionParams, readCompletion } from "./completions";
import type { ClientEvent, StepHook } from "./events";
import type { ModernRequestOptions } from "./modernRequest";
import type { InputHandlers } from "./options";
import type { UrlCompletions } from "./urlRequired";

/**
 * What a call runs with, taken from the client once when it starts: the negotiated session, the
 * client's settings and the task plug. Configuration, not verbs: the runner reads it, never calls back.
 */
export interface CallContext {
  readonly era: Era | undefined;
  /** The negotiated revision: -32042 and completion notices exist on 2025-11-25 only. */
  readonly revision: string | undefined;
  readonly declared: ClientCapabilities;
  readonly handlers: InputHandlers;
  /** The client's cap on input rounds per call, and its step hook (CallOptions override both). */
  readonly maxRounds: number;
  readonly step: StepHook | undefined;
  /** What the server declared, and a listed tool by name (whether a 2025-11-25 call goes as a task). */
  readonly serverCapabilities: ServerCapabilities;
  tool(name: string): Tool | undefined;
  /** How tasks are polled (ConnectOptions.tasks); per call, CallOptions.task overrides it. */
  readonly taskOptions: TaskOptions;
  /** The task runner, plugged in by whoever made the client (src/core/client.ts); without it a task is an error. */
  readonly tasks: TaskPlug | undefined;
  /**
   * The transport never reads a send's signal (TransportCapabilities.sendIgnoresSignal): a round's
   * request is then cancelled with `fail`, and no AbortSignal is made for a call nobody cancels.
   */
  readonly sendIgnoresSignal: boolean;
  /** URL elicitations shown, so `notifications/elicitation/complete` finds its card (urlRequired.ts). */
  readonly urlCompletions: UrlCompletions | undefined;
}

/**
 * What the call runner needs from the client, and no more: its verbs (requests, ids, holds, events)
 * and the clock, plus the context a call starts with. The client implements it; tests may hand in their own.
 */
export interface CallHost {
  readonly clock: Clock;
  /** What a call starting now runs with. */
  context(): CallContext;
  /** Sends one request in the negotiated era (the 2026-07-28 `_meta` and its -32022 retry included). */
  request(method: string, params: Record<string, unknown>, options: ModernRequestOptions): Promise<Record<string, unknown>>;
  notify(method: string, params: Record<string, unknown>): Promise<void>;
  newId(): RequestId;
  isPending(id: RequestId): boolean;
  /** Fails one pending request from outside (the round cap, an unsupported input). */
  fail(id: RequestId, error: McpError): void;
  /** Holds a pending request's timeout while a person answers; returns the release. */
  hold(id: RequestId): () => void;
  emit(event: ClientEvent): void;
}

/** One call in flight, as the runner and the initialize-era input path share it. */
export interface CallState {
  callId: string;
  method: string;
  /** What the call runs with (CallContext), read when it started. */
  context: CallContext;
  /** The params of the call without inputResponses, requestState and _meta. */
  params: Record<string, unknown>;
  round: number;
  maxRounds: number;
  step: StepHook | undefined;
  signal: AbortSignal;
  /** Rejects the call from outside (round cap, unsupported input in the initialize era). */
  fail: (error: McpError) => void;
}

/** A running task, for whoever started the call (CallOptions.onTask): status, cancel, the outcome. */
export interface TaskHandle {
  readonly taskId: string;
  readonly era: Era;
  getSnapshot(): TaskSnapshot;
  subscribe(listener: (task: TaskSnapshot) => void): () => void;
  /** Asks the server to cancel (tasks/cancel) and ends the call as cancelled. */
  cancel(reason?: string): void;
  readonly done: Promise<Record<string, unknown>>;
}

/** The part of a call's options about tasks (CallOptions extends it). */
export interface TaskCallOptions {
  /** Polling and time limits if the call becomes a task. */
  task?: TaskOptions;
  /** Called with the task's handle (status, cancel) when the call becomes a task. */
  onTask?: (handle: TaskHandle) => void;
}

/** Per call; `task` and `onTask` apply if the call becomes a task (src/core/tasks). */
export interface CallOptions extends TaskCallOptions {
  signal?: AbortSignal;
  /** Overrides the client's step hook for this call. */
  step?: StepHook;
  maxRounds?: number;
  /** Extra `_meta` for every request of this call, e.g. a progressToken. */
  meta?: Record<string, unknown>;
  /** Extra HTTP headers for every request of this call. */
  headers?: Record<string, string>;
}

/**
 * A call's rounds after it started (callRounds.ts): the requests of both eras, the questions they
 * ask, the initialize era's live server requests. The call runner (callRunner.ts) starts each call
 * and hands it here; whoever makes the client gives this part either as it is or as a loader, so a
 * page can leave it out of its first view (src/core/lazyClient.ts).
 */
export interface CallRounds {
  /** Runs a started call's requests and rounds to its complete result, its shape checked. */
  drive(params: Record<string, unknown>, state: CallState, cancel: Cancellation, options: CallOptions): Promise<Record<string, unknown>>;
  /** Answers a live server request of the initialize era (legacyInput.ts). */
  answerServerRequest(request: JsonRpcRequest, origin: RequestOrigin, signal?: AbortSignal): Promise<Record<string, unknown>>;
}

/**
 * Where a server request came from, as the transport tells (IncomingContext): `relatedRequestId`,
 * the client request whose stream carried it; `unrelated`, a stream tied to no request (Streamable
 * HTTP's standalone GET stream). With neither, the transport cannot tell (in-process, stdio, HTTP+SSE).
 */
export type RequestOrigin = Pick<IncomingContext, "relatedRequestId" | "unrelated">;

/** The calls in flight by JSON-RPC id (every round's request, both eras), shared by the runner and its rounds. */
export type InFlight = Map<RequestId, CallState>;

/**
 * What callRounds.ts exports: the rounds of one client's calls, made once per client, the receiver
 * of client-side tasks (clientTasks.ts), made when the server first sends one, and completions.
 */
export interface CallRoundsModule {
  createCallRounds(host: CallHost, inFlight: InFlight): CallRounds;
  ClientTaskReceiver: typeof ClientTaskReceiver;
  completionParams: typeof completionParams;
  readCompletion: typeof readCompletion;
}

/** The rounds as they are, or loaded on the first call (the module, once). */
export type CallRoundsSource = CallRoundsModule | (() => Promise<CallRoundsModule>);

export interface TaskPlug {
  /** The params a call goes with: a 2025-11-25 task-capable tools/call asks to run as a task. */
  params(context: CallContext, method: string, params: Record<string, unknown>, options: TaskCallOptions): Record<string, unknown>;
  /** Whether an initialize-era result is a created task (`{task}`) rather than the call's result. */
  isCreated(result: Record<string, unknown>): boolean;
  /**
   * Follows the task a call became, through the same input handlers, to its final result. `track`
   * routes the server's live requests on a request id to this call (initialize era, tasks/result).
   */
  follow(host: CallHost, state: CallState, result: Record<string, unknown>, options: TaskCallOptions, track: (id: RequestId) => () => void): Promise<Record<string, unknown>>;
}
