import { REVISIONS, newestFirst, type Revision, type Icon, type Implementation, type ServerCapabilities, type Clock, type StateCrypto, systemClock } from "../core/protocol";
import { ChangeFeed } from "./changes";
import { createStateKey, defaultStateCrypto } from "./token";
import { TaskStore } from "./tasks/store";
import type { PromptDefinition, ResourceDefinition, ResourceTemplateDefinition, ToolDefinition } from "./definitions";

export interface ServerOptions {
  name: string;
  version: string;
  title?: string;
  /** The server's icons in serverInfo (2025-11-25 `Implementation.icons`). */
  icons?: Icon[];
  instructions?: string;
  /** Revisions this server speaks; default all. A dual-era server answers both eras on one endpoint. */
  versions?: readonly string[];
  tools?: ToolDefinition[];
  resources?: ResourceDefinition[];
  resourceTemplates?: ResourceTemplateDefinition[];
  prompts?: PromptDefinition[];
  /** HMAC key for requestState; without it a random key is made, so tokens die with the server. */
  stateSecret?: string;
  /** How long a requestState stays valid, in ms (default 300000). */
  stateTtlMs?: number;
  /** The HMAC and SHA-256 behind requestState; default the platform's (node:crypto in Node, @noble/hashes in a page). */
  stateCrypto?: StateCrypto;
  /** Rounds the initialize-era shim runs before it gives up on a handler that keeps asking. */
  maxLegacyRounds?: number;
  /** Freshness hint on list results, in ms (SEP-2549); default 0 so inspectors always see the latest. */
  listTtlMs?: number;
  /** Declares `listChanged` for tools, prompts and resources: their lists may change while serving. */
  listChanged?: boolean;
  /** Declares `resources.subscribe`: clients may watch resources for `notifications/resources/updated`. */
  resourceSubscribe?: boolean;
  /** Where changes are published; pass one to share it with the handlers that make the changes. */
  changes?: ChangeFeed;
  clock?: Clock;
}

/** A server definition: what it offers and the key that signs its tokens. Sessions are made from it. */
export interface McpServer {
  readonly info: Implementation;
  readonly instructions: string | undefined;
  readonly versions: readonly Revision[];
  readonly tools: ReadonlyMap<string, ToolDefinition>;
  readonly resources: ReadonlyMap<string, ResourceDefinition>;
  readonly resourceTemplates: readonly ResourceTemplateDefinition[];
  readonly prompts: ReadonlyMap<string, PromptDefinition>;
  readonly stateKey: Uint8Array;
  readonly stateCrypto: StateCrypto;
  readonly stateTtlMs: number;
  readonly maxLegacyRounds: number;
  readonly listTtlMs: number;
  readonly listChanged: boolean;
  readonly resourceSubscribe: boolean;
  readonly changes: ChangeFeed;
  readonly clock: Clock;
  /** Tasks outlive the request (and on 2026-07-28 HTTP, the session) that made them. */
  readonly tasks: TaskStore;
  /** Whether any tool may run as a task (then the tasks capability or extension is declared). */
  readonly hasTaskTools: boolean;
  capabilities(): ServerCapabilities;
}

function byName<T extends { name: string }>(items: T[] | undefined, what: string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items ?? []) {
    if (map.has(item.name)) throw new Error(`duplicate ${what} name: ${item.name}`);
    map.set(item.name, item);
  }
  return map;
}

/** Builds a server definition (seed: `server/server`). */
export function server(options: ServerOptions): McpServer {
  const versions = newestFirst(options.versions ?? REVISIONS);
  if (versions.length === 0) throw new Error(`no known revision in versions: ${JSON.stringify(options.versions)}`);
  const resources = new Map<string, ResourceDefinition>();
  for (const r of options.resources ?? []) {
    if (resources.has(r.uri)) throw new Error(`duplicate resource uri: ${r.uri}`);
    resources.set(r.uri, r);
  }
  const tools = byName(options.tools, "tool");
  const prompts = byName(options.prompts, "prompt");
  const info: Implementation = { name: options.name, version: options.version };
  const listChanged = options.listChanged ?? false;
  if (options.title !== undefined) info.title = options.title;
  if (options.icons !== undefined) info.icons = options.icons;
  const clock = options.clock ?? systemClock;
  return {
    info,
    instructions: options.instructions,
    versions,
    tools,
    resources,
    resourceTemplates: options.resourceTemplates ?? [],
    prompts,
    stateKey: createStateKey(options.stateSecret),
    stateCrypto: options.stateCrypto ?? defaultStateCrypto,
    stateTtlMs: options.stateTtlMs ?? 300_000,
    maxLegacyRounds: options.maxLegacyRounds ?? 32,
    listTtlMs: options.listTtlMs ?? 0,
    listChanged,
    resourceSubscribe: options.resourceSubscribe ?? false,
    changes: options.changes ?? new ChangeFeed(),
    clock,
    tasks: new TaskStore(clock),
    hasTaskTools: [...tools.values()].some((t) => (t.execution?.taskSupport ?? "forbidden") !== "forbidden"),
    capabilities() {
      const caps: ServerCapabilities = {};
      if (tools.size > 0) caps.tools = { listChanged };
      if (resources.size > 0 || (options.resourceTemplates?.length ?? 0) > 0) caps.resources = { subscribe: options.resourceSubscribe ?? false, listChanged };
      if (prompts.size > 0) caps.prompts = { listChanged };
      caps.logging = {};
      caps.completions = {};
      return caps;
    },
  };
}
