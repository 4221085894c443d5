import { McpError, type ConnectOptions, type InputContext, type InputHandlers, type InputKind, type InputResponse } from "../../core";
import type { CapabilityKey, CapabilityMode, ConnectionSettings } from "../stores/connectionStore";
import type { InputStore } from "../features/input/inputStore";
import type { AutoAnswer } from "./autoAnswer";

/** The capabilities a client declares from the toggles: the core's, shared with the CLI. */
export { capabilitiesFromModes } from "../../core";

function unsupported(what: string): McpError {
  return new McpError({ kind: "unsupported", message: `${what} is declared but has no handler (set in the capability toggles)` });
}

/**
 * Handlers that put each question in front of the user and resolve with their answer. Only kinds
 * set to "handled" get one; an elicitation handler still refuses a mode whose toggle is not "handled".
 * `auto` (canned answers, mock model, replay) is asked before the user, only for handled kinds.
 */
export function handlersFromModes(modes: Record<CapabilityKey, CapabilityMode>, inputs: InputStore, auto?: AutoAnswer): InputHandlers {
  const ask = <R extends InputResponse>(kind: InputKind, params: object, ctx: InputContext): Promise<R> => {
    const input = { kind, params: params as Record<string, unknown>, key: ctx.key, round: ctx.round, callId: ctx.callId, era: ctx.era };
    // A canned answer, the mock model or a replay may answer first; the round records which did.
    const decided = auto?.decide(input);
    if (decided) return decided.kind === "answer" ? Promise.resolve(decided.response as R) : Promise.reject(decided.error);
    return inputs.ask(input, ctx.signal) as Promise<R>;
  };
  const handlers: InputHandlers = {};
  if (modes.elicitationForm === "handled" || modes.elicitationUrl === "handled") {
    handlers["elicitation/create"] = (params, ctx) => {
      const mode = params.mode === "url" ? "elicitationUrl" : "elicitationForm";
      if (modes[mode] !== "handled") throw unsupported(mode === "elicitationUrl" ? "URL elicitation" : "Form elicitation");
      return ask("elicitation/create", params, ctx);
    };
  }
  if (modes.sampling === "handled") handlers["sampling/createMessage"] = (params, ctx) => ask("sampling/createMessage", params, ctx);
  if (modes.roots === "handled") handlers["roots/list"] = (params, ctx) => ask("roots/list", params, ctx);
  return handlers;
}

/**
 * The client options of README "The other ways a server asks" from the settings: `sampling.tools`
 * when sampling is handled, and the standing roots list when it is on and roots are handled (with
 * "declared, no handler" or "off" the roots toggle wins).
 */
export function waysOptions(settings: ConnectionSettings): Pick<ConnectOptions, "samplingTools" | "roots"> {
  const out: Pick<ConnectOptions, "samplingTools" | "roots"> = {};
  if (settings.samplingTools && settings.capabilities.sampling === "handled") out.samplingTools = true;
  const standing = settings.standingRoots;
  if (standing?.on && settings.capabilities.roots === "handled") out.roots = { list: standing.list, askEachTime: standing.askEachTime };
  return out;
}
