/**
 * What form and URL elicitation share: one method, `elicitation/create`, told apart by `mode`
 * (absent is form, spec 2025-11-25 "Elicitation"), one answer shape and one capability object.
 */
import { McpError } from "../../errors";
import type { ClientCapabilities, ElicitResult } from "../../protocol/types";
import { isObject } from "../../util/isObject";
import { shown } from "../../util/shown";

export const ELICIT = "elicitation/create";

export function isUrlMode(params: Record<string, unknown>): boolean {
  return params.mode === "url";
}

export function requireMessage(key: string, params: Record<string, unknown>): void {
  if (typeof params.message !== "string") throw new McpError({ kind: "protocol", message: `elicitation "${key}" has no message` });
}

/** Servers read an answer as elicitation's when it names an action; what the action is, they judge. */
export function isElicitAnswer(value: unknown): value is ElicitResult {
  return isObject(value) && typeof value.action === "string";
}

/** `elicitation: {}` (2025-06-18, no modes) means form only. */
export function declaredModes(declared: ClientCapabilities): { form: boolean; url: boolean } | undefined {
  const e = declared.elicitation;
  if (!isObject(e)) return undefined;
  const formOnly = e.form === undefined && e.url === undefined;
  return { form: formOnly || isObject(e.form), url: isObject(e.url) };
}

export const DISMISSED: ElicitResult = { action: "cancel" };
export const DECLINED: ElicitResult = { action: "decline" };

/** An elicitation answer's shape: one of the three actions, field values as an object. */
export function elicitAnswerProblem(answer: Record<string, unknown>): string | undefined {
  if (answer.action !== "accept" && answer.action !== "decline" && answer.action !== "cancel") return `action: expected "accept", "decline" or "cancel", got ${shown(answer.action)}`;
  if (answer.content !== undefined && !isObject(answer.content)) return `content: expected an object of field values, got ${shown(answer.content)}`;
  return undefined;
}
