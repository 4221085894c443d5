/**
 * The task runner plugged into the call runner (TaskPlug, src/core/mcp/callHost.ts): the runner asks
 * `withTaskParam` before a 2025-11-25 tools/call and `isCreated` of its result, and `follow` when a
 * call comes back as a task. The first two are small and asked on every call; following a task
 * (drive.ts and the runner) is loaded when the first task arrives, so a page that never meets a task
 * never loads it.
 */
import type { CallContext, TaskCallOptions, TaskPlug } from "../mcp/callHost";
import { tasksDeclared } from "../protocol/tasks";
import { isObject } from "../util/isObject";
import { isLegacyCreateTaskResult } from "./parse";

function taskSupportOf(context: CallContext, name: unknown): string | undefined {
  const tool = typeof name === "string" ? (context.tool(name) as unknown as Record<string, unknown> | undefined) : undefined;
  const execution = tool?.execution;
  return isObject(execution) && typeof execution.taskSupport === "string" ? execution.taskSupport : undefined;
}

/**
 * 2025-11-25 ("Tool-Level Negotiation"): a tools/call goes as a task when the client takes tasks,
 * the server declared `tasks.requests.tools.call` and the listed tool says optional or required.
 */
export function withTaskParam(context: CallContext, method: string, params: Record<string, unknown>, options: TaskCallOptions): Record<string, unknown> {
  if (context.era !== "legacy" || method !== "tools/call" || !tasksDeclared(context.declared)) return params;
  const caps = context.serverCapabilities.tasks;
  const requests = isObject(caps) && isObject(caps.requests) ? caps.requests : undefined;
  if (!isObject(requests?.tools) || !isObject(requests.tools.call)) return params;
  const support = taskSupportOf(context, params.name);
  if (support !== "optional" && support !== "required") return params;
  const ttl = options.task?.ttlMs ?? context.taskOptions.ttlMs;
  return { ...params, task: ttl === undefined ? {} : { ttl } };
}

export const taskPlug: TaskPlug = {
  params: withTaskParam,
  isCreated: isLegacyCreateTaskResult,
  follow: async (...args) => (await import("./drive")).continueAsTask(...args),
};
