import { McpError, type JsonRpcRequest, META, isObject, type SubscriptionFilter } from "../core/protocol";
import { changeMethod, type ServerChange } from "./changes";
import type { RequestScope } from "./scope";
import { invalidParams } from "./rpcError";

/** The part of a filter this server honours: only what it can change, and only what was asked for. */
function honoured(requested: Record<string, unknown>, scope: RequestScope): SubscriptionFilter {
  const { server } = scope;
  const filter: SubscriptionFilter = {};
  const lists = server.listChanged;
  if (lists && requested.toolsListChanged === true && server.tools.size > 0) filter.toolsListChanged = true;
  if (lists && requested.promptsListChanged === true && server.prompts.size > 0) filter.promptsListChanged = true;
  if (lists && requested.resourcesListChanged === true && (server.resources.size > 0 || server.resourceTemplates.length > 0)) {
    filter.resourcesListChanged = true;
  }
  const watch = requested.resourceSubscriptions;
  if (server.resourceSubscribe && Array.isArray(watch) && watch.length > 0 && watch.every((u) => typeof u === "string")) {
    filter.resourceSubscriptions = [...watch];
  }
  return filter;
}

function wanted(filter: SubscriptionFilter, change: ServerChange): boolean {
  switch (change.kind) {
    case "tools":
      return filter.toolsListChanged === true;
    case "prompts":
      return filter.promptsListChanged === true;
    case "resources":
      return filter.resourcesListChanged === true;
    case "resource":
      return filter.resourceSubscriptions?.includes(change.uri) === true;
  }
}

/**
 * `subscriptions/listen` (SEP-2575): the acknowledgement with the honoured filter goes first, then
 * each wanted change, every message tagged with the listen request's id as `subscriptionId`. The
 * request stays open until the client closes its stream (the cancellation), after which nothing
 * more is sent; this server never ends a subscription itself.
 */
export async function listen(request: JsonRpcRequest, scope: RequestScope): Promise<Record<string, unknown>> {
  const params = request.params ?? {};
  if (params.notifications !== undefined && !isObject(params.notifications)) {
    throw invalidParams("notifications must be a SubscriptionFilter object");
  }
  const filter = honoured(isObject(params.notifications) ? params.notifications : {}, scope);
  const tag = { [META.subscriptionId]: request.id };
  const send = (method: string, p: Record<string, unknown>): Promise<void> =>
    scope.connection.notify(method, p, { relatedRequestId: request.id }).catch(() => undefined);
  if (scope.abort.signal.aborted) throw cancelled();
  // Subscribed before the acknowledgement goes out, so a change right after it is never missed.
  const changes: ServerChange[] = [];
  let acknowledged = false;
  const unsubscribe = scope.server.changes.subscribe((change) => {
    if (!wanted(filter, change)) return;
    if (acknowledged) void send(changeMethod(change), changeParams(change, tag));
    else changes.push(change);
  });
  await send("notifications/subscriptions/acknowledged", { notifications: filter, _meta: tag });
  acknowledged = true;
  for (const change of changes.splice(0)) void send(changeMethod(change), changeParams(change, tag));
  return new Promise((_resolve, reject) => {
    const stop = (): void => {
      unsubscribe();
      reject(cancelled());
    };
    const signal = scope.abort.signal;
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
  });
}

function changeParams(change: ServerChange, tag: Record<string, unknown>): Record<string, unknown> {
  return change.kind === "resource" ? { uri: change.uri, _meta: tag } : { _meta: tag };
}

function cancelled(): McpError {
  return new McpError({ kind: "cancelled", message: "the client closed the subscription" });
}
