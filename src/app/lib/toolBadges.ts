import { isObject, type Tool } from "../../core";
import { toolUi, toolVisibility } from "../../core/apps";

export interface Badge {
  key: "read-only" | "destructive" | "idempotent" | "open-world" | "closed-world" | "task-required" | "task-optional" | "app" | "app-only";
  label: string;
  /** What the badge means, and that it is the server's own claim. */
  title: string;
}

/** A tool's `execution.taskSupport` (2025-11-25), when the server listed one. */
function taskSupport(tool: Tool): unknown {
  const execution = (tool as { execution?: unknown }).execution;
  return isObject(execution) ? execution.taskSupport : undefined;
}

/** Whether the server marks the tool destructive (an explicit `destructiveHint: true` on a tool that is not read-only). */
export function isDestructive(tool: Tool | undefined): boolean {
  const a = tool?.annotations;
  return isObject(a) && a.destructiveHint === true && a.readOnlyHint !== true;
}

/**
 * The badges a tool's annotations and task support earn. Annotations are hints the server gives
 * about itself (spec "Tool annotations": untrusted), so each badge shows only what the server said
 * explicitly, never a default.
 */
export function toolBadges(tool: Tool): Badge[] {
  const a = isObject(tool.annotations) ? tool.annotations : {};
  const out: Badge[] = [];
  if (a.readOnlyHint === true) out.push({ key: "read-only", label: "read-only", title: "The server says this tool does not change its environment (readOnlyHint)" });
  if (isDestructive(tool)) out.push({ key: "destructive", label: "destructive", title: "The server says this tool may delete or overwrite (destructiveHint)" });
  if (a.idempotentHint === true) out.push({ key: "idempotent", label: "idempotent", title: "The server says calling it again with the same arguments has no further effect (idempotentHint)" });
  if (a.openWorldHint === true) out.push({ key: "open-world", label: "open-world", title: "The server says this tool reaches outside systems (openWorldHint)" });
  if (a.openWorldHint === false) out.push({ key: "closed-world", label: "closed-world", title: "The server says this tool stays within its own data (openWorldHint: false)" });
  const task = taskSupport(tool);
  if (task === "required") out.push({ key: "task-required", label: "task", title: "Runs only as a task (execution.taskSupport: required)" });
  if (task === "optional") out.push({ key: "task-optional", label: "task optional", title: "May run as a task (execution.taskSupport: optional)" });
  const ui = toolUi(tool);
  if (ui) out.push({ key: "app", label: "app", title: `Shows an MCP App from ${ui.resourceUri} (_meta.ui.resourceUri)` });
  if (isAppOnly(tool)) out.push({ key: "app-only", label: "app only", title: "Only its app calls it: a model is never shown this tool (_meta.ui.visibility)" });
  return out;
}

/** A tool an app calls but a model never sees (`_meta.ui.visibility` without "model"). */
export function isAppOnly(tool: Tool): boolean {
  return !toolVisibility(tool).includes("model");
}

/** Whether every word of the query is in one of the fields (case-insensitive); an empty query matches all. */
export function matchesQuery(query: string, fields: readonly (string | undefined)[]): boolean {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = fields.filter(Boolean).join(" ").toLowerCase();
  return terms.every((t) => haystack.includes(t));
}
