import { type JsonRpcRequest, ErrorCode, type InputMethod, LOG_LEVELS, isObject, type ClientCapabilities, type JsonValue } from "../core/protocol";
import type { RequestBase, RequestNotes } from "./context";
import type { LogLevel } from "./definitions";
import { runLegacyFlow, runModernFlow, type FlowSpec } from "./inputFlow";
import { listen } from "./listen";
import type { RequestScope } from "./scope";
import { invalidParams, methodNotFound, rpcError } from "./rpcError";
import {
  listPrompts,
  listResources,
  listResourceTemplates,
  listTools,
  matchTemplate,
  promptResult,
  resourceResult,
  toolRefusal,
  toolResult,
} from "./results";
import { taskMethod } from "./tasks/methods";
import { inlineInvoke, planToolCall, taskFlow } from "./tasks/toolTask";
import { TASKS_EXTENSION } from "./tasks/wire";

/** Everything a route needs to know about the request it serves. */
export type { RequestScope };


/** A route's result: at once when the handler answered at once, else when it does. */
type Routed = Record<string, unknown> | Promise<Record<string, unknown>>;

/** A request's progress and logs, as notifications tied to it. */
class ScopeNotes implements RequestNotes {
  constructor(
    readonly scope: RequestScope,
    readonly params: Record<string, unknown>,
  ) {}

  async progress(progress: number, total?: number, message?: string): Promise<void> {
    const progressToken = isObject(this.params._meta) ? this.params._meta.progressToken : undefined;
    if (typeof progressToken !== "string" && typeof progressToken !== "number") return;
    const p: Record<string, unknown> = { progressToken, progress };
    if (total !== undefined) p.total = total;
    if (message !== undefined) p.message = message;
    await this.#send("notifications/progress", p);
  }

  async log(level: LogLevel, data: JsonValue): Promise<void> {
    const { logLevel, server } = this.scope;
    // Without a requested level a 2026-07-28 server must stay silent (SEP-2575 "logLevel").
    if (logLevel === undefined || LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(logLevel)) return;
    await this.#send("notifications/message", { level, data, logger: server.info.name });
  }

  #send(method: string, p: Record<string, unknown>): Promise<void> {
    return this.scope.connection.notify(method, p, { relatedRequestId: this.scope.requestId }).catch(() => undefined);
  }
}

/** What stays the same across a request's rounds; each round's context is made from it. */
function requestBase(request: JsonRpcRequest, scope: RequestScope): RequestBase {
  const params = request.params ?? {};
  return {
    method: request.method as InputMethod,
    params,
    caller: scope.caller,
    revision: scope.revision,
    era: scope.era,
    clientCapabilities: scope.clientCapabilities,
    clientInfo: scope.clientInfo,
    abort: scope.abort,
    notes: new ScopeNotes(scope, params),
    // Written out, not spread in: a spread in the middle of a literal takes V8's slow path for the
    // whole object, on every request (a tenth of an in-process flow's CPU with the one in session.ts).
    session: scope.session,
  };
}

function runFlow<R>(request: JsonRpcRequest, scope: RequestScope, spec: FlowSpec<R>): Routed {
  const base = requestBase(request, scope);
  return scope.era === "modern"
    ? runModernFlow(scope.server, base, spec)
    : runLegacyFlow(scope.server, base, spec, scope.connection, scope.requestId);
}

function cacheable(scope: RequestScope, result: Record<string, unknown>, ttlMs: number, cacheScope: "public" | "private"): Record<string, unknown> {
  return scope.era === "modern" ? { ...result, ttlMs, cacheScope } : result;
}

function noCursor(params: Record<string, unknown>): void {
  // This server never hands out cursors, so any cursor is one it did not issue.
  if (params.cursor !== undefined) throw invalidParams("invalid cursor");
}

function callTool(request: JsonRpcRequest, scope: RequestScope): Routed {
  const params = request.params ?? {};
  const tool = typeof params.name === "string" ? scope.server.tools.get(params.name) : undefined;
  if (!tool) throw invalidParams(`Unknown tool: ${String(params.name)}`);
  const args = params.arguments ?? {};
  if (!isObject(args)) throw invalidParams("arguments must be an object");
  // A tool that can run as a task becomes one when this call's client can take it (src/server/tasks).
  if (planToolCall(tool, scope, params) === "task") return runFlow(request, scope, taskFlow(scope, params, tool, args));
  return runFlow(request, scope, {
    invoke: inlineInvoke(tool, args) as FlowSpec<Parameters<typeof toolResult>[0]>["invoke"],
    // Module functions, not closures: a call makes none for them.
    finish: toolResult,
    legacyRefusal: toolRefusal,
  });
}

function refusalError(message: string, requiredCapabilities?: ClientCapabilities): never {
  throw requiredCapabilities
    ? rpcError(ErrorCode.MissingRequiredClientCapability, message, { requiredCapabilities })
    : rpcError(ErrorCode.InternalError, message);
}

function readResource(request: JsonRpcRequest, scope: RequestScope): Routed {
  const params = request.params ?? {};
  const uri = params.uri;
  if (typeof uri !== "string") throw invalidParams("resources/read needs a uri");
  const direct = scope.server.resources.get(uri);
  let invoke: FlowSpec<unknown>["invoke"] | undefined;
  let mimeType: string | undefined;
  let ttl = 60_000;
  if (direct) {
    invoke = async (ctx) => direct.handler(uri, ctx);
    mimeType = direct.mimeType;
    ttl = direct.ttlMs ?? ttl;
  } else {
    for (const template of scope.server.resourceTemplates) {
      const vars = matchTemplate(template.uriTemplate, uri);
      if (vars) {
        invoke = async (ctx) => template.handler(uri, vars, ctx);
        mimeType = template.mimeType;
        break;
      }
    }
  }
  if (!invoke) {
    // 2026-07-28 reports a missing resource as invalid params; earlier revisions used -32002.
    throw scope.era === "modern"
      ? invalidParams(`Resource not found: ${uri}`, { uri })
      : rpcError(ErrorCode.ResourceNotFound, `Resource not found: ${uri}`, { uri });
  }
  return runFlow(request, scope, {
    invoke: invoke as FlowSpec<Parameters<typeof resourceResult>[0]>["invoke"],
    // A read that took input answered one user's questions: never fresh for anyone else.
    finish: (ret, tookInput) => cacheable(scope, resourceResult(ret, uri, mimeType), tookInput ? 0 : ttl, "private"),
    legacyRefusal: refusalError,
  });
}

function getPrompt(request: JsonRpcRequest, scope: RequestScope): Routed {
  const params = request.params ?? {};
  const prompt = typeof params.name === "string" ? scope.server.prompts.get(params.name) : undefined;
  if (!prompt) throw invalidParams(`Unknown prompt: ${String(params.name)}`);
  const args = params.arguments ?? {};
  if (!isObject(args) || Object.values(args).some((v) => typeof v !== "string")) {
    throw invalidParams("prompt arguments must be an object of strings");
  }
  for (const a of prompt.arguments ?? []) {
    if (a.required && args[a.name] === undefined) throw invalidParams(`missing required prompt argument: ${a.name}`);
  }
  return runFlow(request, scope, {
    invoke: async (ctx) => prompt.handler(args as Record<string, string>, ctx),
    finish: (ret) => promptResult(ret, prompt.description),
    legacyRefusal: refusalError,
  });
}

function discover(scope: RequestScope): Record<string, unknown> {
  const { server } = scope;
  const capabilities = server.capabilities();
  if (server.hasTaskTools) capabilities.extensions = { ...capabilities.extensions, [TASKS_EXTENSION]: {} };
  const result: Record<string, unknown> = {
    supportedVersions: [...server.versions],
    capabilities,
    ttlMs: server.listTtlMs,
    cacheScope: "public",
  };
  if (server.instructions !== undefined) result.instructions = server.instructions;
  return result;
}

/**
 * Routes one client request of either era to its handler. Not async (its caller awaits): what it
 * throws reaches the caller as a rejection would.
 */
export function routeRequest(request: JsonRpcRequest, scope: RequestScope): Routed {
  const params = request.params ?? {};
  const ttl = scope.server.listTtlMs;
  switch (request.method) {
    case "server/discover":
      if (scope.era !== "modern") throw methodNotFound(request.method);
      return discover(scope);
    case "tools/list":
      noCursor(params);
      return cacheable(scope, listTools(scope.server, scope.era === "legacy" && scope.revision >= "2025-11-25"), ttl, "public");
    case "resources/list":
      noCursor(params);
      return cacheable(scope, listResources(scope.server), ttl, "public");
    case "resources/templates/list":
      noCursor(params);
      return cacheable(scope, listResourceTemplates(scope.server), ttl, "public");
    case "prompts/list":
      noCursor(params);
      return cacheable(scope, listPrompts(scope.server), ttl, "public");
    case "tools/call":
      return callTool(request, scope);
    case "resources/read":
      return readResource(request, scope);
    case "prompts/get":
      return getPrompt(request, scope);
    case "subscriptions/listen":
      if (scope.era !== "modern") throw methodNotFound(request.method);
      return listen(request, scope);
    case "tasks/get":
    case "tasks/update":
    case "tasks/cancel":
    case "tasks/result":
    case "tasks/list":
      return taskMethod(request, scope);
    case "completion/complete":
      return { completion: { values: [], total: 0, hasMore: false } };
    default:
      throw methodNotFound(request.method);
  }
}
