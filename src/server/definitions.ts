import type {
  Era,
  CallToolResult,
  ClientCapabilities,
  ContentBlock,
  GetPromptResult,
  Icon,
  Implementation,
  InputRequests,
  InputResponse,
  InputResponses,
  JsonObject,
  JsonValue,
  LogLevel,
  PromptArgument,
  PromptMessage,
  ReadResourceResult,
  ResourceContents,
  InputMethod,
  Root,
} from "../core/protocol";

const INPUT_REQUIRED = Symbol("presa.inputRequired");
const TOOL_ERROR = Symbol("presa.toolError");

/** What a handler returns to stop and ask the client: the requests by key, and state for next time. */
export interface InputRequired {
  readonly [INPUT_REQUIRED]: true;
  readonly inputRequests: InputRequests;
  readonly state: JsonValue | undefined;
}

/** A tool result with `isError: true`: the tool ran and failed, which the model should see. */
export interface ToolError {
  readonly [TOOL_ERROR]: true;
  readonly content: ContentBlock[];
}

/**
 * Stops the handler to ask the client for input. On 2026-07-28 the state is signed into
 * `requestState`; on initialize-era sessions it stays in memory for the next call of the handler.
 */
export function inputRequired(inputRequests: InputRequests, state?: JsonValue): InputRequired {
  return { [INPUT_REQUIRED]: true, inputRequests, state };
}

export function toolError(message: string | ContentBlock[]): ToolError {
  return { [TOOL_ERROR]: true, content: typeof message === "string" ? [{ type: "text", text: message }] : message };
}

export function isInputRequired(value: unknown): value is InputRequired {
  return typeof value === "object" && value !== null && INPUT_REQUIRED in value;
}

export function isToolError(value: unknown): value is ToolError {
  return typeof value === "object" && value !== null && TOOL_ERROR in value;
}

/** What a handler sees besides its arguments. */
export interface HandlerContext {
  method: InputMethod;
  params: Record<string, unknown>;
  /** The answers of this round by key; empty on the first call. */
  inputResponses: InputResponses;
  /** The state the handler passed to `inputRequired` last round, verified; undefined on the first call. */
  state: JsonValue | undefined;
  /** The identity the transport gave for this request; tokens are bound to it. */
  caller: string;
  revision: string;
  era: Era;
  clientCapabilities: ClientCapabilities;
  clientInfo: Implementation | undefined;
  signal: AbortSignal;
  /** Sends notifications/progress when the request asked for it (a progressToken). */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  /** Sends notifications/message when the client asked for logs at this level. */
  log(level: LogLevel, data: JsonValue): Promise<void>;
  /** The initialize-era session the request came on; undefined on 2026-07-28 (no sessions). */
  session: SessionView | undefined;
}

/** What a handler may do with its initialize-era session beyond the request it serves. */
export interface SessionView {
  /** Sends a notification tied to no request (e.g. `notifications/elicitation/complete`). */
  notify(method: string, params?: Record<string, unknown>): Promise<void>;
  /** The client's roots as this session last listed them, or undefined before any listing. */
  roots(): SessionRoots | undefined;
  /**
   * Keeps `roots` as the session's view of the client's roots, and from now on lists them again on
   * every `notifications/roots/list_changed` (MCP "Roots": the server re-lists on the notice).
   */
  watchRoots(roots: Root[]): void;
}

export interface SessionRoots {
  roots: Root[];
  /** How many times the roots were listed again after a list_changed notice. */
  relisted: number;
}

export type { LogLevel };

/** The answer under `key`, if the client gave one this round (seed: `server/input-response`). */
export function inputResponse(ctx: HandlerContext, key: string): InputResponse | undefined {
  return Object.prototype.hasOwnProperty.call(ctx.inputResponses, key) ? ctx.inputResponses[key] : undefined;
}

type Awaitable<T> = T | Promise<T>;

export type ToolReturn = string | ContentBlock[] | CallToolResult | InputRequired | ToolError;
export type ResourceReturn = string | ResourceContents[] | ReadResourceResult | InputRequired;
export type PromptReturn = string | PromptMessage[] | GetPromptResult | InputRequired;

/** Whether a tool runs as a task (2025-11-25 `execution.taskSupport`; default "forbidden"). */
export type TaskSupport = "forbidden" | "optional" | "required";

/** How a tool runs as a task, in both eras (src/server/tasks; README "Tasks"). */
export interface ToolExecution {
  taskSupport: TaskSupport;
  /** How long the server keeps the task, from creation (default 60000; null: no limit). */
  ttlMs?: number | null;
  /** The poll interval the server suggests (default 250). */
  pollIntervalMs?: number;
  /**
   * Input rounds before the task is created, inside the request (ext-tasks: MRTR first, then the
   * task). Return `inputRequired(...)` to ask; anything else starts the task, as its first `ctx.state`.
   */
  beforeTask?: (args: Record<string, unknown>, ctx: HandlerContext) => Awaitable<InputRequired | JsonValue | undefined>;
  /** Misbehaviour on purpose, for the hostile demo server only (src/server/hostile/taskTools.ts). */
  hostile?: TaskMisbehaviour;
}

/** How a hostile task lies on the wire. */
export interface TaskMisbehaviour {
  /** Rewrites what tasks/get (poll 1, 2, …) and the CreateTaskResult (poll 0) say; undefined: "no such task". */
  view?: (view: Record<string, unknown>, poll: number) => Record<string, unknown> | undefined;
  /** Asks even for input the client did not declare (the reference server would refuse to). */
  askUndeclared?: boolean;
}

export interface ToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: JsonObject;
  outputSchema?: JsonObject;
  annotations?: JsonObject;
  /** Runs the tool as a task when the client can take one; see ToolExecution. */
  execution?: ToolExecution;
  /** Shown beside the name (2025-11-25 `icons`). */
  icons?: Icon[];
  handler: (args: Record<string, unknown>, ctx: HandlerContext) => Awaitable<ToolReturn>;
}

export interface ResourceDefinition {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Freshness hint for complete reads (SEP-2549); reads that took input always say 0. */
  ttlMs?: number;
  /** Shown beside the name (2025-11-25 `icons`). */
  icons?: Icon[];
  handler: (uri: string, ctx: HandlerContext) => Awaitable<ResourceReturn>;
}

export interface ResourceTemplateDefinition {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** Shown beside the name (2025-11-25 `icons`). */
  icons?: Icon[];
  handler: (uri: string, vars: Record<string, string>, ctx: HandlerContext) => Awaitable<ResourceReturn>;
}

export interface PromptDefinition {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  /** Shown beside the name (2025-11-25 `icons`). */
  icons?: Icon[];
  handler: (args: Record<string, string>, ctx: HandlerContext) => Awaitable<PromptReturn>;
}

