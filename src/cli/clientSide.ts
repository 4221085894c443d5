/**
 * The command line's share of client-side tasks and completions: `--client-tasks` lets a 2025-11-25
 * server ask its questions as tasks (answered from the answers file or the terminal as usual; the
 * tasks are listed after the rounds), and `complete` prints a server's suggestions for one argument
 * of a prompt or resource template (`completion/complete`).
 */
import { serverCompletes, type ClientTaskEvent, type CompletionRef, type Suggestions } from "../core";
import type { CallRecord } from "../core/recording";
import type { Connected } from "./connect";
import { CliError } from "./errors";
import { safeText } from "./terminal";

export interface ClientTaskSummary {
  taskId: string;
  method: string;
  status: string;
  /** How often the server asked each tasks/* request. */
  served: Record<string, number>;
}

/** The client-side tasks of a call, from its recorded `clientTask` events. */
export function clientTasksOfCall(call: CallRecord): ClientTaskSummary[] {
  const byId = new Map<string, ClientTaskSummary>();
  for (const e of call.events) {
    if (e.type !== "clientTask") continue;
    const event = e as ClientTaskEvent;
    const t = byId.get(event.taskId) ?? { taskId: event.taskId, method: event.method, status: event.status, served: {} };
    t.status = event.status;
    if (event.step.startsWith("tasks/")) t.served[event.step] = (t.served[event.step] ?? 0) + 1;
    byId.set(event.taskId, t);
  }
  return [...byId.values()];
}

/** "client-side task client-task-1 (elicitation/create): completed; the server asked tasks/get ×3, tasks/result ×1". */
export function clientTaskLines(call: CallRecord): string[] {
  return clientTasksOfCall(call).map((t) => {
    const served = Object.entries(t.served).map(([m, n]) => `${m} ×${n}`).join(", ");
    return `client-side task ${safeText(t.taskId)} (${t.method}): ${t.status}${served ? `; the server asked ${served}` : ""}`;
  });
}

const COMPLETE_KINDS: Record<string, "ref/prompt" | "ref/resource"> = { prompt: "ref/prompt", resource: "ref/resource", template: "ref/resource" };

/** What `complete` asks: `prompt NAME ARG [VALUE]` or `resource TEMPLATE ARG [VALUE]`, the other arguments as key=value. */
export function completionQueryOf(rest: string[], context: Record<string, unknown>): { ref: CompletionRef; name: string; value: string; context: Record<string, string> } {
  const [kind, target, name, value = "", ...extra] = rest;
  const type = kind === undefined ? undefined : COMPLETE_KINDS[kind];
  if (!type || target === undefined || name === undefined) {
    throw new CliError("complete needs: prompt NAME ARGUMENT [VALUE] or resource URI-TEMPLATE VARIABLE [VALUE], the other arguments as key=value (see --help)");
  }
  if (extra.length > 0) throw new CliError(`complete takes one value to complete; unexpected ${JSON.stringify(extra[0])} (give other arguments as key=value)`);
  const others: Record<string, string> = {};
  for (const [k, v] of Object.entries(context)) if (k !== name) others[k] = typeof v === "string" ? v : JSON.stringify(v);
  return { ref: type === "ref/prompt" ? { type, name: target } : { type, uri: target }, name, value, context: others };
}

/** Asks the connected server for suggestions; a server that does not declare `completions` is told apart in words. */
export async function runComplete(c: Connected, query: ReturnType<typeof completionQueryOf>, where: string): Promise<Suggestions> {
  if (!serverCompletes(c.client.serverCapabilities)) throw new CliError(`${where} does not offer completions (its capabilities have no completions)`);
  try {
    return await c.client.complete({ ref: query.ref, argument: { name: query.name, value: query.value }, context: query.context });
  } catch (e) {
    throw new CliError(`completion/complete on ${where}: ${(e as Error).message}`);
  }
}

/** The suggestions one per line (text only, escapes shown), then what was left out. */
export function suggestionsText(s: Suggestions): string {
  const lines = s.values.map((v) => safeText(v));
  if (lines.length === 0) lines.push("(no suggestions)");
  const more = s.total !== undefined && s.total > s.values.length ? s.total - s.values.length : 0;
  if (more > 0 || s.hasMore) lines.push(`(${more > 0 ? `${more} more` : "more"} on the server)`);
  if (s.dropped > 0) lines.push(`(${s.dropped} left out: not text, too long or repeated)`);
  return lines.join("\n");
}
