/**
 * The controller's calls part: the catalog's listings, the one method -> call dispatch, completions
 * and resource watches on the live connection. It reaches the client only through `live()`, and
 * reconnects through `connect`.
 */
import { McpError, isObject, type CallHandle, type Client, type InputMethod } from "../../core";
import { callMeta } from "./callMeta";
import type { CallCommands, ConnectionCommands } from "./controllerTypes";
import type { Session } from "./session";
import type { Watches } from "./watches";

/** The arguments of a recorded or selected call, as the method wants them (prompt arguments are strings). */
function argsFor(method: InputMethod, params: Record<string, unknown>): Record<string, unknown> {
  const args = isObject(params.arguments) ? params.arguments : {};
  return method === "prompts/get" ? Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)])) : args;
}

export interface CallsDeps {
  session: Session;
  /** The connected client, if any. */
  live: () => Client | undefined;
  connect: ConnectionCommands["connect"];
  /** The calls still running, by id, so cancel(id) and a disconnect reach their handles. */
  running: Map<string, CallHandle>;
  /** The live connection's resource subscriptions. */
  watches: Watches;
}

export function callCommands({ session, live, connect, running, watches }: CallsDeps): CallCommands {
  const { connection, calls, notify } = session;
  let progressCounter = 0;

  function requireClient(): Client {
    const client = live();
    if (!client) throw new McpError({ kind: "closed", message: "not connected" });
    return client;
  }

  /** Progress for every call, and logs at the chosen level (see callMeta). */
  const metaFor = (c: Client) => callMeta(c.era, notify.getState().logLevel, ++progressCounter);

  /**
   * The one method -> call dispatch: starts a tools/call, resources/read or prompts/get on the live
   * connection. Its progress and outcome land in the calls store (through the client's events), so
   * callers may ignore the handle. Undefined when nothing is connected.
   */
  function start(method: InputMethod, params: Record<string, unknown>): CallHandle | undefined {
    const c = live();
    if (!c) return undefined;
    const clean = method === "resources/read" ? { uri: params.uri } : { name: params.name, arguments: argsFor(method, params) };
    const handle = c.startCall(method, clean, { meta: metaFor(c) });
    running.set(handle.id, handle);
    void handle.outcome.then(() => running.delete(handle.id));
    return handle;
  }

  /**
   * "Run again": the same call with the same arguments, from round 1 (a flow whose token a restarted
   * server refused restarts with one click). A connection that is gone, or an initialize-era session
   * the server no longer knows (HTTP 404), is reconnected first.
   */
  async function rerun(callId: string): Promise<CallHandle | undefined> {
    const call = calls.getState().calls[callId];
    if (!call) return undefined;
    const state = connection.getState();
    const sessionLost = call.error?.status === 404 && state.era === "legacy";
    if (!live() || state.status !== "connected" || sessionLost) await connect();
    return start(call.method as InputMethod, call.params);
  }

  return {
    listTools: () => requireClient().listTools(),
    listResources: () => requireClient().listResources(),
    listResourceTemplates: () => requireClient().listResourceTemplates(),
    listPrompts: () => requireClient().listPrompts(),
    start,
    callTool: (name, args) => start("tools/call", { name, arguments: args }),
    readResource: (uri) => start("resources/read", { uri }),
    readAhead: (uri) => requireClient().request("resources/read", { uri }),
    getPrompt: (name, args) => start("prompts/get", { name, arguments: args }),
    cancel: (callId) => running.get(callId)?.cancel(),
    rerun,
    complete: (query, signal) => requireClient().complete(query, { signal }),
    watchResource: (uri) => watches.subscribe(uri),
    unwatchResource: (uri) => watches.unsubscribe(uri),
    droppedTools: () => live()?.droppedTools ?? [],
    listedTool: (name) => live()?.toolSchemas.get(name),
    toolSchema: (name) => live()?.toolSchemas.get(name)?.inputSchema,
  };
}
