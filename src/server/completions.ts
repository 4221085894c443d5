import { isObject } from "../core/protocol";
import type { McpServer } from "./server";
import { invalidParams } from "./rpcError";

/** The spec's cap on values in one completion response. */
const MAX_VALUES = 100;

/**
 * Answers `completion/complete` from the `complete` functions of a prompt's or resource template's
 * definition: the values that function gives for the typed value and the other arguments
 * (`context.arguments`); none for an argument without one. An unknown prompt or template is -32602.
 */
export function complete(server: McpServer, params: Record<string, unknown>): Record<string, unknown> {
  const ref = params.ref;
  const argument = params.argument;
  if (!isObject(ref) || !isObject(argument) || typeof argument.name !== "string" || typeof argument.value !== "string") {
    throw invalidParams("completion/complete needs ref and argument {name, value}");
  }
  const context = isObject(params.context) && isObject(params.context.arguments) ? params.context.arguments : {};
  const others: Record<string, string> = {};
  for (const [k, v] of Object.entries(context)) if (typeof v === "string") others[k] = v;
  let completer: ((value: string, context: Record<string, string>) => string[]) | undefined;
  if (ref.type === "ref/prompt") {
    const prompt = typeof ref.name === "string" ? server.prompts.get(ref.name) : undefined;
    if (!prompt) throw invalidParams(`no prompt named ${JSON.stringify(ref.name)}`);
    completer = prompt.complete?.[argument.name];
  } else if (ref.type === "ref/resource") {
    const template = server.resourceTemplates.find((t) => t.uriTemplate === ref.uri);
    if (!template) throw invalidParams(`no resource template ${JSON.stringify(ref.uri)}`);
    completer = template.complete?.[argument.name];
  } else {
    throw invalidParams(`unknown completion reference type ${JSON.stringify(ref.type)}`);
  }
  const all = completer ? completer(argument.value, others) : [];
  const values = all.slice(0, MAX_VALUES);
  return { completion: { values, total: all.length, hasMore: all.length > values.length } };
}
