/**
 * The MCP shapes the cores read and write, kept loose where servers vary. Anything that comes
 * from a peer is untrusted: these types describe what we send and what we have checked, and every
 * reader of peer data goes through a guard first.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** An icon a server offers for itself or an item (2025-11-25 `Icon`); vet it (icons.ts) before showing. */
export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: "light" | "dark";
}

export interface Implementation {
  name: string;
  version: string;
  title?: string;
  description?: string;
  websiteUrl?: string;
  icons?: Icon[];
}

/** Client capabilities: the 2026-07-28 shape, which is a superset of what older revisions send. */
export interface ClientCapabilities {
  experimental?: Record<string, object>;
  roots?: { listChanged?: boolean };
  sampling?: { context?: object; tools?: object };
  elicitation?: { form?: object; url?: object };
  extensions?: Record<string, object>;
  [key: string]: unknown;
}

export interface ServerCapabilities {
  experimental?: Record<string, object>;
  logging?: object;
  completions?: object;
  prompts?: { listChanged?: boolean };
  resources?: { subscribe?: boolean; listChanged?: boolean };
  tools?: { listChanged?: boolean };
  extensions?: Record<string, object>;
  [key: string]: unknown;
}

export type ContentBlock =
  | { type: "text"; text: string; annotations?: object; _meta?: object }
  | { type: "image"; data: string; mimeType: string; annotations?: object; _meta?: object }
  | { type: "audio"; data: string; mimeType: string; annotations?: object; _meta?: object }
  | { type: "resource"; resource: ResourceContents; annotations?: object; _meta?: object }
  | { type: "resource_link"; uri: string; name: string; mimeType?: string; description?: string; _meta?: object };

export type ResourceContents =
  | { uri: string; mimeType?: string; text: string; _meta?: object }
  | { uri: string; mimeType?: string; blob: string; _meta?: object };

/** A flat elicitation schema: an object whose properties are primitives (spec "Elicitation"). */
export interface ElicitationSchema {
  $schema?: string;
  type: "object";
  properties?: Record<string, JsonObject>;
  required?: string[];
}

export interface ElicitFormParams {
  mode?: "form";
  message: string;
  requestedSchema: ElicitationSchema | JsonObject;
  _meta?: object;
}

export interface ElicitUrlParams {
  mode: "url";
  message: string;
  url: string;
  /** 2025-11-25 only: correlates a later `notifications/elicitation/complete`. */
  elicitationId?: string;
  _meta?: object;
}

export type ElicitParams = ElicitFormParams | ElicitUrlParams;

export interface ElicitResult {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, string | number | boolean | string[]>;
  _meta?: object;
}

export interface SamplingMessage {
  role: "user" | "assistant";
  content: JsonObject | JsonObject[];
  _meta?: object;
}

export interface CreateMessageParams {
  messages: SamplingMessage[];
  maxTokens: number;
  systemPrompt?: string;
  modelPreferences?: JsonObject;
  includeContext?: "none" | "thisServer" | "allServers";
  temperature?: number;
  stopSequences?: string[];
  metadata?: JsonObject;
  tools?: JsonObject[];
  toolChoice?: JsonObject;
  _meta?: object;
}

export interface CreateMessageResult {
  role: "user" | "assistant";
  content: JsonObject | JsonObject[];
  model: string;
  stopReason?: string;
  _meta?: object;
}

export interface Root {
  uri: string;
  name?: string;
  _meta?: object;
}

export interface ListRootsResult {
  roots: Root[];
  _meta?: object;
}

/** One entry of `inputRequests`: a request without `jsonrpc`/`id` (SEP-2322). */
export type InputRequest =
  | { method: "elicitation/create"; params: ElicitParams }
  | { method: "sampling/createMessage"; params: CreateMessageParams }
  | { method: "roots/list"; params?: { _meta?: object } };

export type InputKind = InputRequest["method"];

export type InputResponse = ElicitResult | CreateMessageResult | ListRootsResult;

export type InputRequests = Record<string, InputRequest>;
export type InputResponses = Record<string, InputResponse>;

export interface InputRequiredResult {
  resultType: "input_required";
  inputRequests?: InputRequests;
  requestState?: string;
  _meta?: object;
}

export interface CallToolResult {
  resultType?: "complete";
  content: ContentBlock[];
  structuredContent?: JsonValue;
  isError?: boolean;
  _meta?: object;
}

export interface ReadResourceResult {
  resultType?: "complete";
  contents: ResourceContents[];
  ttlMs?: number;
  cacheScope?: "public" | "private";
  _meta?: object;
}

export interface PromptMessage {
  role: "user" | "assistant";
  content: ContentBlock;
}

export interface GetPromptResult {
  resultType?: "complete";
  description?: string;
  messages: PromptMessage[];
  _meta?: object;
}

export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations?: JsonObject;
  _meta?: object;
  icons?: Icon[];
}

export interface Resource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  _meta?: object;
  icons?: Icon[];
}

export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icons?: Icon[];
}

export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

export interface Prompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  icons?: Icon[];
}

/** What a `subscriptions/listen` asks for (2026-07-28 `SubscriptionFilter`, SEP-2575 "Subscriptions"). */
export interface SubscriptionFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
}

/** The levels of `logging/setLevel` and `notifications/message`, least severe first (the syslog severities of RFC 5424). */
export const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
