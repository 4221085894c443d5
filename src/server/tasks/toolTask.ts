import { isObject, type ClientCapabilities, type Implementation, type JsonValue, type RequestId } from "../../core/protocol";
import { RoundContext } from "../context";
import { inputRequired, isInputRequired, type HandlerContext, type LogLevel, type ToolDefinition, type ToolReturn } from "../definitions";
import type { FlowSpec } from "../inputFlow";
import { toolRefusal, toolResult } from "../results";
import { methodNotFound } from "../rpcError";
import { declaresTasks, distorted, missingTasksExtension, type TaskScope } from "./methods";
import { runTask } from "./run";
import { RELATED_TASK, legacyTask, modernCreateTaskResult } from "./wire";

/** Defaults for a tool's tasks: how long the server keeps one, and how often it asks to be polled. */
export const DEFAULT_TASK_TTL_MS = 60_000;
export const DEFAULT_POLL_INTERVAL_MS = 250;
/** The longest TTL a 2025-11-25 client may ask for with `task.ttl` (the receiver may override it). */
export const MAX_TASK_TTL_MS = 3_600_000;

/** The tool scope of a request: the task scope plus what a handler context needs. */
export interface ToolTaskScope extends TaskScope {
  clientInfo: Implementation | undefined;
}

/** How a tools/call runs: inline (with input rounds as usual) or as a task. */
export type ToolPlan = "sync" | "task";

/**
 * Decides per call (2025-11-25 "Tool-Level Negotiation"; ext-tasks "Capability Negotiation"):
 * 2026-07-28 makes a task whenever the client declared the extension and the tool supports tasks
 * (the server decides; a v1 `task` param changes nothing); 2025-11-25 follows the client's `task` param.
 */
export function planToolCall(tool: ToolDefinition, scope: TaskScope, params: Record<string, unknown>): ToolPlan {
  const support = tool.execution?.taskSupport ?? "forbidden";
  if (scope.era === "modern") {
    if (support === "forbidden") return "sync";
    if (declaresTasks(scope.clientCapabilities)) return "task";
    if (support === "required") throw missingTasksExtension(`the tool ${tool.name}, which runs only as a task,`);
    return "sync";
  }
  if (scope.revision < "2025-11-25") return "sync";
  const wantsTask = isObject(params.task);
  if (wantsTask && support === "forbidden") throw methodNotFound(`tools/call as a task: the tool ${tool.name} does not support tasks`);
  if (!wantsTask && support === "required") throw methodNotFound(`tools/call without a task: the tool ${tool.name} runs only as a task`);
  return wantsTask ? "task" : "sync";
}

function withState(ctx: HandlerContext, state: JsonValue | undefined, inputResponses = ctx.inputResponses): HandlerContext {
  return ctx instanceof RoundContext ? ctx.round(inputResponses, state) : { ...ctx, inputResponses, state };
}

function tagged(phase: "before" | "main", state: JsonValue | undefined): JsonValue {
  return state === undefined ? { phase } : { phase, inner: state };
}

/**
 * A task-capable tool called inline: its `beforeTask` rounds, then its handler, one flow. The
 * state says which phase a round belongs to, so the rounds survive the 2026-07-28 token trip.
 */
export function inlineInvoke(tool: ToolDefinition, args: Record<string, unknown>): (ctx: HandlerContext) => unknown {
  const before = tool.execution?.beforeTask;
  // Not async: the flow awaits what the handler returns, so a plain tool's round makes no async frame here.
  if (!before) return (ctx) => tool.handler(args, ctx);
  return async (ctx) => {
    const tag = isObject(ctx.state) && (ctx.state.phase === "before" || ctx.state.phase === "main") ? ctx.state : undefined;
    let main: HandlerContext;
    if (tag?.phase !== "main") {
      const ready = await before(args, withState(ctx, tag?.inner));
      if (isInputRequired(ready)) return inputRequired(ready.inputRequests, tagged("before", ready.state));
      main = withState(ctx, (ready ?? undefined) as JsonValue | undefined, {});
    } else {
      main = withState(ctx, tag.inner);
    }
    const ret = await tool.handler(args, main);
    return isInputRequired(ret) ? inputRequired(ret.inputRequests, tagged("main", ret.state)) : ret;
  };
}

function ttlOf(tool: ToolDefinition, scope: TaskScope, params: Record<string, unknown>): number | null {
  const own = tool.execution?.ttlMs;
  const fallback = own === undefined ? DEFAULT_TASK_TTL_MS : own;
  const asked = isObject(params.task) ? params.task.ttl : undefined;
  if (scope.era === "legacy" && typeof asked === "number" && Number.isInteger(asked) && asked > 0) return Math.min(asked, MAX_TASK_TTL_MS);
  return fallback;
}

/** Starts the task and returns its CreateTaskResult (flat on 2026-07-28, `{task}` on 2025-11-25). */
function createTask(scope: ToolTaskScope, params: Record<string, unknown>, tool: ToolDefinition, args: Record<string, unknown>, firstState: JsonValue | undefined): Record<string, unknown> {
  const { server } = scope;
  const legacy = scope.era === "legacy";
  const connection = legacy ? scope.connection : undefined;
  const task = server.tasks.create({
    era: scope.era,
    caller: scope.caller,
    connection,
    ttlMs: ttlOf(tool, scope, params),
    pollIntervalMs: Math.max(0, Math.round(tool.execution?.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS)),
    ...(tool.execution?.hostile ? { hostile: tool.execution.hostile } : {}),
  });
  const related = { [RELATED_TASK]: { taskId: task.taskId } };
  const meta = isObject(params._meta) ? params._meta : {};
  const progressToken = meta.progressToken;
  // 2025-11-25 notifications ride an open tasks/result stream when there is one (else the standalone stream).
  const route = (): { relatedRequestId?: RequestId } => {
    const waiter = [...task.resultWaiters][0];
    return waiter === undefined ? {} : { relatedRequestId: waiter };
  };
  if (legacy) task.onChange = () => void scope.connection.notify("notifications/tasks/status", legacyTask(task), route()).catch(() => undefined);
  const base = new RoundContext({
    method: "tools/call",
    params,
    caller: scope.caller,
    revision: scope.revision,
    era: scope.era,
    clientCapabilities: scope.clientCapabilities as ClientCapabilities,
    clientInfo: scope.clientInfo,
    abort: task.abort,
    notes: {
      // Progress becomes the task's status message; on 2025-11-25 the call's progressToken stays valid too.
      async progress(progress, total, message) {
        server.tasks.update(task, { statusMessage: message ?? (total === undefined ? `${progress}` : `${progress}/${total}`) });
        if (!legacy || (typeof progressToken !== "string" && typeof progressToken !== "number")) return;
        const p: Record<string, unknown> = { progressToken, progress, _meta: related };
        if (total !== undefined) p.total = total;
        if (message !== undefined) p.message = message;
        await scope.connection.notify("notifications/progress", p, route()).catch(() => undefined);
      },
      // ext-tasks: no notifications/message for tasks; 2025-11-25 sends them tagged with the task.
      async log(level: LogLevel, data: JsonValue) {
        if (legacy) await scope.connection.notify("notifications/message", { level, data, logger: server.info.name, _meta: related }, route()).catch(() => undefined);
      },
    },
  });
  void runTask(server, task, base, {
    invoke: async (ctx) => tool.handler(args, ctx),
    finish: (ret: ToolReturn) => toolResult(ret as Parameters<typeof toolResult>[0]),
    refusal: toolRefusal,
  }, firstState);
  return legacy ? { task: distorted(task, legacyTask(task), 0) } : distorted(task, modernCreateTaskResult(task), 0);
}

/**
 * The flow of a tools/call that becomes a task: the tool's `beforeTask` input rounds run first,
 * inside the request (MRTR on 2026-07-28, live requests on 2025-11-25, as ext-tasks asks), and
 * what it returns seeds the task's first round as `ctx.state`.
 */
export function taskFlow(scope: ToolTaskScope, params: Record<string, unknown>, tool: ToolDefinition, args: Record<string, unknown>): FlowSpec<JsonValue | undefined> {
  const before = tool.execution?.beforeTask;
  return {
    invoke: async (ctx) => ((before ? await before(args, ctx) : undefined) ?? undefined) as JsonValue | undefined,
    finish: (ready) => createTask(scope, params, tool, args, ready),
    legacyRefusal: toolRefusal,
  };
}
