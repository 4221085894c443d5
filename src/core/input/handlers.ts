/**
 * Input handlers from the capability modes (the app's toggles, the command line's flags): one handler
 * per method that some "handled" kind arrives as, which finds the request's kind and hands it to
 * `ask`. The app and the command line both build their handlers here.
 */
import { McpError } from "../errors";
import type { InputContext, InputHandler, InputHandlers } from "../mcp/options";
import type { InputResponse } from "../protocol/types";
import type { InputKindSpec, KindModes } from "./kind";
import { inputKindOf, inputKinds } from "./registry";

/** One question on its way to whoever answers it: its kind, its method and params, and its context. */
export interface KindQuestion {
  kind: InputKindSpec;
  method: string;
  params: Record<string, unknown>;
  ctx: InputContext;
}

export interface HandlersFromModes {
  /** Answers a question of a handled kind, or rejects (a refusal the server hears as an error). */
  ask(q: KindQuestion): Promise<InputResponse>;
  /** The refusal when a kind shares its method with a handled one but is itself only declared. */
  unsupported(kind: InputKindSpec): McpError;
}

export function handlersFromModes(modes: KindModes, answer: HandlersFromModes): InputHandlers {
  const handlers: InputHandlers = {};
  for (const kind of inputKinds()) {
    if (modes[kind.mode] !== "handled" || handlers[kind.method]) continue;
    const method = kind.method;
    const handler: InputHandler = (raw, ctx) => {
      const params = raw as Record<string, unknown>;
      const asked = inputKindOf(method, params);
      if (!asked) throw new McpError({ kind: "protocol", message: `unknown input kind: ${method}` });
      if (modes[asked.mode] !== "handled") throw answer.unsupported(asked);
      return answer.ask({ kind: asked, method, params, ctx });
    };
    handlers[method] = handler;
  }
  return handlers;
}
