import { isObject, type JsonObject } from "../core/protocol";
import { isToolError, type PromptReturn, type ResourceReturn, type ToolReturn } from "./definitions";
import { internalError } from "./rpcError";
import type { McpServer } from "./server";

/** Turns what a tool handler returned into a CallToolResult. */
export function toolResult(ret: Exclude<ToolReturn, { inputRequests: unknown }>): Record<string, unknown> {
  if (typeof ret === "string") return { content: [{ type: "text", text: ret }] };
  if (Array.isArray(ret)) return { content: ret };
  if (isToolError(ret)) return { content: ret.content, isError: true };
  if (isObject(ret) && Array.isArray(ret.content)) return { ...ret };
  throw internalError("tool handler returned something that is not a tool result");
}

/** A tool that cannot go on says why as an isError result (initialize era: a refusal to ask). */
export function toolRefusal(message: string): Record<string, unknown> {
  return { content: [{ type: "text", text: message }], isError: true };
}

/** Turns what a resource handler returned into a ReadResourceResult for `uri`. */
export function resourceResult(ret: Exclude<ResourceReturn, { inputRequests: unknown }>, uri: string, mimeType?: string): Record<string, unknown> {
  if (typeof ret === "string") return { contents: [{ uri, mimeType: mimeType ?? "text/plain", text: ret }] };
  if (Array.isArray(ret)) return { contents: ret };
  if (isObject(ret) && Array.isArray(ret.contents)) return { ...ret };
  throw internalError("resource handler returned something that is not resource contents");
}

/** Turns what a prompt handler returned into a GetPromptResult. */
export function promptResult(ret: Exclude<PromptReturn, { inputRequests: unknown }>, description?: string): Record<string, unknown> {
  const base = description === undefined ? {} : { description };
  if (typeof ret === "string") return { ...base, messages: [{ role: "user", content: { type: "text", text: ret } }] };
  if (Array.isArray(ret)) return { ...base, messages: ret };
  if (isObject(ret) && Array.isArray(ret.messages)) return { ...base, ...ret };
  throw internalError("prompt handler returned something that is not prompt messages");
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** `withExecution`: 2025-11-25 lists `execution.taskSupport`; 2026-07-28 dropped the field. */
export function listTools(server: McpServer, withExecution = false): Record<string, unknown> {
  return {
    tools: [...server.tools.values()].map((t) =>
      defined({
        name: t.name,
        title: t.title,
        description: t.description,
        inputSchema: t.inputSchema ?? ({ type: "object", properties: {} } as JsonObject),
        outputSchema: t.outputSchema,
        annotations: t.annotations,
        execution: withExecution && t.execution ? { taskSupport: t.execution.taskSupport } : undefined,
        icons: t.icons,
      }),
    ),
  };
}

export function listResources(server: McpServer): Record<string, unknown> {
  return {
    resources: [...server.resources.values()].map((r) =>
      defined({ uri: r.uri, name: r.name, title: r.title, description: r.description, mimeType: r.mimeType, icons: r.icons }),
    ),
  };
}

export function listResourceTemplates(server: McpServer): Record<string, unknown> {
  return {
    resourceTemplates: server.resourceTemplates.map((r) =>
      defined({ uriTemplate: r.uriTemplate, name: r.name, title: r.title, description: r.description, mimeType: r.mimeType, icons: r.icons }),
    ),
  };
}

export function listPrompts(server: McpServer): Record<string, unknown> {
  return {
    prompts: [...server.prompts.values()].map((p) =>
      defined({ name: p.name, title: p.title, description: p.description, arguments: p.arguments, icons: p.icons }),
    ),
  };
}

/**
 * Matches a URI against an RFC 6570 level-1 template (`{var}` segments, no operators), the form
 * resource templates use in practice. Variables do not match across `/`.
 */
export function matchTemplate(template: string, uri: string): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const m = /^\{([A-Za-z0-9_]+)\}$/.exec(part);
      if (m && m[1]) {
        names.push(m[1]);
        return "([^/]+)";
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  const match = new RegExp(`^${pattern}$`).exec(uri);
  if (!match) return undefined;
  const vars: Record<string, string> = {};
  try {
    names.forEach((name, i) => {
      vars[name] = decodeURIComponent(match[i + 1] ?? "");
    });
  } catch {
    return undefined; // a malformed %-escape matches nothing
  }
  return vars;
}
