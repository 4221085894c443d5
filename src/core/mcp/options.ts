import type { Clock } from "../jsonrpc/connection";
import { mergeCapabilities } from "../protocol/capabilities";
import { capabilitiesForMethods } from "../input/registry";
import type { Era } from "../protocol/revisions";
import type {
  ClientCapabilities,
  CreateMessageParams,
  CreateMessageResult,
  ElicitParams,
  ElicitResult,
  Implementation,
  ListRootsResult,
  Root,
} from "../protocol/types";
import type { StepHook } from "./events";
import type { TaskOptions } from "../protocol/tasks";
import type { ClientTaskOptions } from "./clientTasks";

/** What an input handler learns about the question besides its params. */
export interface InputContext {
  /** The key in `inputRequests` (2026-07-28) or the server request's id (initialize era). */
  key: string;
  round: number;
  callId: string | undefined;
  era: Era;
  signal: AbortSignal;
}

type Awaitable<T> = T | Promise<T>;

/** A handler of one input method; the registry's kind checked the params and checks the reply. */
export type InputHandler = (params: never, ctx: InputContext) => Awaitable<unknown>;

/**
 * The client's answers by input method (seed: `:handlers`), looked up by method, so a kind added to
 * the registry (src/core/input/registry.ts) needs no new branch. A kind without a handler is not declared.
 */
export interface InputHandlers {
  "elicitation/create"?: (params: ElicitParams, ctx: InputContext) => Awaitable<ElicitResult>;
  "sampling/createMessage"?: (params: CreateMessageParams, ctx: InputContext) => Awaitable<CreateMessageResult>;
  "roots/list"?: (params: Record<string, unknown>, ctx: InputContext) => Awaitable<ListRootsResult>;
  [method: string]: InputHandler | undefined;
}

export interface ConnectOptions {
  /** Revisions to offer; default all, newest first. `["2025-11-25"]` makes an initialize-era client. */
  versions?: readonly string[];
  handlers?: InputHandlers;
  /**
   * Declares `sampling.tools` (2025-11-25 on) with the sampling handler: the server may then offer
   * tools, and the handler may answer with `tool_use` blocks. Without it a request with tools is refused.
   */
  samplingTools?: boolean;
  /** A standing roots list, declared with `listChanged` (standingRoots.ts); `client.setRoots` changes it. */
  roots?: StandingRoots;
  /** Declared on top of what the handlers imply; declaring a kind without a handler reaches `unsupported`. */
  capabilities?: ClientCapabilities;
  clientInfo?: Implementation;
  /** Cap on input rounds per call (no spec maximum; SDKs use 3 to 10). */
  maxRounds?: number;
  /** Holds each retry for inspection and edits before it is sent. */
  step?: StepHook;
  /** Per-request timeout; it never runs while a person is answering that request's input. */
  requestTimeoutMs?: number;
  /**
   * Takes tasks (src/core/tasks): declares the io.modelcontextprotocol/tasks extension on every
   * 2026-07-28 request and sends 2025-11-25 task-capable tool calls as tasks. An object also sets
   * how tasks are polled. Off by default.
   */
  tasks?: boolean | TaskOptions;
  /**
   * Runs the server's elicitation and sampling requests as client-side tasks when it asks
   * (2025-11-25 `tasks.requests`, src/core/mcp/clientTasks.ts): declared for the kinds that have a
   * handler, answered at once with a task, and served on tasks/get, tasks/result, tasks/list and
   * tasks/cancel. Off by default.
   */
  clientTasks?: boolean | ClientTaskOptions;
  /** How long the 2026-07-28 probe waits before taking silence for an older server. */
  probeTimeoutMs?: number;
  clock?: Clock;
}

/** A standing roots list (standingRoots.ts): declared with `listChanged`, answered at once. */
export interface StandingRoots {
  list: Root[];
  /** Ask the `roots/list` handler each time instead of answering from the list. */
  askEachTime?: boolean;
}

export const DEFAULT_MAX_ROUNDS = 10;
export const DEFAULT_CLIENT_INFO: Implementation = { name: "presa-inspector", version: "0.1.0" };

/** Capabilities implied by the handlers a client has (seed: "declares only the kinds it has handlers for"). */
export function declaredCapabilities(
  handlers: InputHandlers = {},
  extra?: ClientCapabilities,
  options: { samplingTools?: boolean; rootsListChanged?: boolean } = {},
): ClientCapabilities {
  const implied = capabilitiesForMethods((method) => handlers[method] !== undefined, options);
  // An explicit entry replaces the implied one, so a UI can turn URL mode off while keeping forms.
  const merged = mergeCapabilities(implied);
  for (const [key, value] of Object.entries(extra ?? {})) merged[key] = value;
  return merged;
}
