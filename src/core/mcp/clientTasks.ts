/**
 * Client-side tasks (2025-11-25 "Tasks", the client as receiver): a server that sees
 * `tasks.requests.elicitation.create` or `tasks.requests.sampling.createMessage` in the client's
 * capabilities may send those requests with a `task` parameter. The client then answers at once with
 * a CreateTaskResult, lets its user answer whenever they like, and serves `tasks/get`, `tasks/result`,
 * `tasks/list` and `tasks/cancel` while the server polls. The 2026-07-28 tasks extension has no
 * equivalent: on that revision a server sends the client no requests at all (input travels in
 * `input_required` results), so there is nothing for the client to run as a task.
 */
import { McpError, toMcpError } from "../errors";
import type { Clock } from "../jsonrpc/connection";
import type { JsonRpcRequest } from "../jsonrpc/messages";
import { ErrorCode } from "../protocol/codes";
import { isObject } from "../util/isObject";
import { RELATED_TASK, isTerminalStatus, type ClientTaskMethod, type TaskStatus } from "../protocol/tasks";

/** How the client keeps the tasks it runs for the server (ConnectOptions.clientTasks). */
export interface ClientTaskOptions {
  /** The poll interval suggested to the server (default 1000 ms). */
  pollIntervalMs?: number;
  /** The longest retention granted, whatever the server asks (default one hour). */
  maxTtlMs?: number;
  /** Tasks kept at once; the oldest finished one makes room, and with none finished a new one is refused (default 100). */
  maxTasks?: number;
  /** Tasks per tasks/list page (default 50). */
  pageSize?: number;
}

/** A task the client runs for the server, in the 2025-11-25 wire shape. */
export interface ClientTaskWire {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttl: number | null;
  pollInterval?: number;
}

/**
 * What the receiver reports, so a task card can show a client-side task beside the call it belongs
 * to: `created` when the server was answered with the task, `status` on each change, and the
 * server's `tasks/*` requests as they are served.
 */
export interface ClientTaskEvent {
  type: "clientTask";
  /** The call whose tool asked (the request's related request), when there is one. */
  callId: string | undefined;
  taskId: string;
  method: ClientTaskMethod;
  step: "created" | "status" | "tasks/get" | "tasks/result" | "tasks/list" | "tasks/cancel";
  status: TaskStatus;
  statusMessage: string | undefined;
  at: number;
}

/** What the receiver needs from the client, and no more. */
export interface ClientTaskHost {
  clock: Clock;
  emit(event: ClientTaskEvent): void;
  /** `notifications/tasks/status`: optional for a receiver, sent so a server need not poll to learn the end. */
  notify(method: string, params: Record<string, unknown>): void;
}

const DEFAULTS = { pollIntervalMs: 1_000, maxTtlMs: 3_600_000, maxTasks: 100, pageSize: 50 } as const;
const MAX_TASK_ID = 256;

interface Entry {
  task: ClientTaskWire;
  method: ClientTaskMethod;
  callId: string | undefined;
  controller: AbortController;
  /** Settles with the request's result or error once the task is terminal. */
  outcome: Promise<Record<string, unknown>>;
  settle: (outcome: { ok: true; result: Record<string, unknown> } | { ok: false; error: McpError }) => void;
  expiresAt: number | undefined;
}

function invalidParams(message: string): McpError {
  return new McpError({ kind: "protocol", code: ErrorCode.InvalidParams, message });
}

/**
 * The tasks the client runs for the server, by id. A task's work is the usual answer to the request
 * (the same input handlers, the same question card); the server only waits differently.
 */
export class ClientTaskReceiver {
  readonly #host: ClientTaskHost;
  readonly #options: Required<ClientTaskOptions>;
  readonly #tasks = new Map<string, Entry>();
  #counter = 0;
  #closed = false;

  constructor(host: ClientTaskHost, options: ClientTaskOptions = {}) {
    this.#host = host;
    this.#options = { ...DEFAULTS, ...options };
  }

  /** How many tasks are kept now. */
  get size(): number {
    return this.#tasks.size;
  }

  /**
   * Starts a task for a task-augmented request and returns the CreateTaskResult to send at once.
   * `work` is the request's ordinary answer; its signal aborts when the server cancels the task.
   */
  create(
    method: ClientTaskMethod,
    params: Record<string, unknown>,
    callId: string | undefined,
    work: (signal: AbortSignal) => Promise<Record<string, unknown>>,
  ): Record<string, unknown> {
    if (this.#closed) throw new McpError({ kind: "closed", message: "the client no longer runs tasks (closed)" });
    this.#purge();
    if (this.#tasks.size >= this.#options.maxTasks && !this.#evictOneFinished()) {
      throw new McpError({ kind: "protocol", code: ErrorCode.InternalError, message: `the client already keeps ${this.#options.maxTasks} unfinished tasks; finish or cancel one first` });
    }
    const now = this.#host.clock.now();
    const asked = isObject(params.task) ? params.task.ttl : undefined;
    // A ttl that is not a non-negative number is ignored, not trusted: the client's own ceiling applies.
    const ttl = typeof asked === "number" && Number.isFinite(asked) && asked >= 0 ? Math.min(Math.floor(asked), this.#options.maxTtlMs) : this.#options.maxTtlMs;
    const stamp = new Date(now).toISOString();
    const taskId = `client-task-${++this.#counter}-${now.toString(36)}`.slice(0, MAX_TASK_ID);
    let settle: Entry["settle"] = () => undefined;
    const outcome = new Promise<Record<string, unknown>>((resolve, reject) => {
      settle = (o) => (o.ok ? resolve(o.result) : reject(o.error));
    });
    outcome.catch(() => undefined);
    const entry: Entry = {
      // "working", not "input_required": that status asks the requestor (the server) for input through
      // tasks/result, and this task waits for the client's own user, not for the server.
      task: { taskId, status: "working", statusMessage: "waiting for the user's answer", createdAt: stamp, lastUpdatedAt: stamp, ttl, pollInterval: this.#options.pollIntervalMs },
      method,
      callId,
      controller: new AbortController(),
      outcome,
      settle,
      expiresAt: undefined,
    };
    this.#tasks.set(taskId, entry);
    this.#report(entry, "created");
    let running: Promise<Record<string, unknown>>;
    try {
      running = work(entry.controller.signal);
    } catch (e) {
      running = Promise.reject(e);
    }
    running.then(
      (result) => this.#finish(entry, "completed", undefined, { ok: true, result }),
      (e: unknown) => {
        const error = toMcpError(e);
        this.#finish(entry, "failed", error.message.slice(0, 500), { ok: false, error });
      },
    );
    return { task: { ...entry.task } };
  }

  /** Serves one of the server's `tasks/*` requests (CLIENT_TASK_REQUESTS). */
  serve(request: JsonRpcRequest): Promise<Record<string, unknown>> {
    try {
      this.#purge();
      const params = request.params ?? {};
      if (request.method === "tasks/list") return Promise.resolve(this.#list(params.cursor));
      const entry = this.#entry(params.taskId);
      this.#report(entry, request.method as ClientTaskEvent["step"]);
      switch (request.method) {
        case "tasks/get":
          return Promise.resolve({ ...entry.task });
        case "tasks/result":
          // Blocks until the task is terminal ("tasks/result": the receiver returns the final result).
          return entry.outcome.then((result) => ({ ...result, _meta: { ...(isObject(result._meta) ? result._meta : {}), [RELATED_TASK]: { taskId: entry.task.taskId } } }));
        case "tasks/cancel":
          return Promise.resolve(this.#cancel(entry));
        default:
          throw new McpError({ kind: "protocol", code: ErrorCode.MethodNotFound, message: `Method not found: ${request.method}` });
      }
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /** Ends every task (the connection closed): their questions are withdrawn. */
  close(reason = "the connection closed"): void {
    this.#closed = true;
    for (const entry of this.#tasks.values()) {
      if (!isTerminalStatus(entry.task.status)) {
        entry.controller.abort(new McpError({ kind: "closed", message: reason }));
        this.#finish(entry, "cancelled", reason, { ok: false, error: new McpError({ kind: "closed", message: reason }) }, false);
      }
    }
    this.#tasks.clear();
  }

  #entry(taskId: unknown): Entry {
    if (typeof taskId !== "string") throw invalidParams("Failed to retrieve task: taskId must be a string");
    const entry = this.#tasks.get(taskId);
    if (!entry) throw invalidParams(`Failed to retrieve task: Task not found (${JSON.stringify(taskId.slice(0, 80))})`);
    return entry;
  }

  #list(cursor: unknown): Record<string, unknown> {
    const all = [...this.#tasks.values()];
    let start = 0;
    if (cursor !== undefined) {
      const at = typeof cursor === "string" ? all.findIndex((e) => e.task.taskId === cursor) : -1;
      if (at < 0) throw invalidParams("tasks/list: the cursor is not one this client gave");
      start = at + 1;
    }
    const page = all.slice(start, start + this.#options.pageSize);
    const last = page.at(-1);
    const more = start + page.length < all.length;
    return { tasks: page.map((e) => ({ ...e.task })), ...(more && last ? { nextCursor: last.task.taskId } : {}) };
  }

  #cancel(entry: Entry): Record<string, unknown> {
    if (isTerminalStatus(entry.task.status)) throw invalidParams(`Cannot cancel task: already in terminal status '${entry.task.status}'`);
    const error = new McpError({ kind: "cancelled", message: "the server cancelled the task (tasks/cancel)" });
    // Marked cancelled before the work is aborted, so the handler's rejection cannot make it "failed".
    this.#finish(entry, "cancelled", "cancelled by the server", { ok: false, error });
    entry.controller.abort(error);
    return { ...entry.task };
  }

  #finish(entry: Entry, status: TaskStatus, statusMessage: string | undefined, outcome: Parameters<Entry["settle"]>[0], notify = true): void {
    if (isTerminalStatus(entry.task.status)) return;
    const now = this.#host.clock.now();
    const { statusMessage: _old, ...rest } = entry.task;
    entry.task = { ...rest, status, ...(statusMessage === undefined ? {} : { statusMessage }), lastUpdatedAt: new Date(now).toISOString() };
    entry.expiresAt = entry.task.ttl === null ? undefined : Date.parse(entry.task.createdAt) + entry.task.ttl;
    entry.settle(outcome);
    this.#report(entry, "status");
    if (notify && !this.#closed) this.#host.notify("notifications/tasks/status", { ...entry.task });
  }

  /** Finished tasks past their ttl go; an unfinished one stays, since a person may still be answering it. */
  #purge(): void {
    const now = this.#host.clock.now();
    for (const [id, entry] of this.#tasks) if (entry.expiresAt !== undefined && now >= entry.expiresAt) this.#tasks.delete(id);
  }

  #evictOneFinished(): boolean {
    for (const [id, entry] of this.#tasks) {
      if (isTerminalStatus(entry.task.status)) {
        this.#tasks.delete(id);
        return true;
      }
    }
    return false;
  }

  #report(entry: Entry, step: ClientTaskEvent["step"]): void {
    this.#host.emit({
      type: "clientTask",
      callId: entry.callId,
      taskId: entry.task.taskId,
      method: entry.method,
      step,
      status: entry.task.status,
      statusMessage: entry.task.statusMessage,
      at: this.#host.clock.now(),
    });
  }
}
