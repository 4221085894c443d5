// Words for an elicitation answer that is not an acceptance, so a demo tool that stops says why.
import { isObject } from "../../core/protocol";

/** What an answer says when it is not "accept": a demo's result names the user's choice, never "undefined". */
export function notAccepted(answer: unknown): string | undefined {
  if (!isObject(answer)) return "no answer came";
  if (answer.action === "accept") return undefined;
  if (answer.action === "decline") return "the user declined";
  if (answer.action === "cancel") return "the user cancelled";
  return `the answer's action was ${JSON.stringify(answer.action ?? null)}`;
}

/** The accepted answer's text field, or undefined when the field is missing or not text. */
export function acceptedText(answer: unknown, field: string): string | undefined {
  if (!isObject(answer) || answer.action !== "accept" || !isObject(answer.content)) return undefined;
  const v = answer.content[field];
  return typeof v === "string" ? v : undefined;
}
