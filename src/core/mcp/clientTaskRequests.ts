/**
 * What the client (mcp/client.ts) knows of client-side tasks before the server sends one: what it
 * declares, and which requests run as tasks. Running them (clientTasks.ts) comes with the call
 * rounds' code, so a page that never meets one need not load it first.
 */
import type { JsonRpcRequest } from "../jsonrpc/messages";
import type { ClientCapabilities } from "../protocol/types";
import { isObject } from "../util/isObject";
import { clientTasksCapability } from "../protocol/tasks";
import type { ClientTaskOptions } from "./clientTasks";

/** ConnectOptions.clientTasks turned into the declared capabilities (2025-11-25 top-level `tasks`). */
export function withClientTasksDeclared(caps: ClientCapabilities, on: boolean | ClientTaskOptions | undefined): ClientCapabilities {
  if (on === undefined || on === false) return caps;
  const tasks = clientTasksCapability(caps);
  return tasks ? { ...caps, tasks } : caps;
}

/** A request the server sent with a `task` parameter ("Task-Augmented Requests"). */
export function isTaskAugmented(request: JsonRpcRequest): boolean {
  return isObject(request.params) && isObject(request.params.task);
}

/** The request as its handler sees it: the `task` parameter is how it travels, not what it asks. */
export function withoutTaskParam(request: JsonRpcRequest): JsonRpcRequest {
  const { task: _task, ...params } = request.params ?? {};
  return { ...request, params };
}
