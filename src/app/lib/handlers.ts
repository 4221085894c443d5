import { McpError, handlersFromModes as coreHandlers, type ConnectOptions, type InputHandlers, type InputKind } from "../../core";
import type { CapabilityKey, CapabilityMode, ConnectionSettings } from "../stores/connectionStore";
import type { InputStore } from "../features/input/inputStore";
import type { AutoAnswer } from "./autoAnswer";

/** The capabilities a client declares from the toggles: the core's, shared with the CLI. */
export { capabilitiesFromModes } from "../../core";

/**
 * Handlers that put each question in front of the user and resolve with their answer, built by the
 * core's `handlersFromModes` (the same the command line uses): only kinds set to "handled" get one;
 * an elicitation handler still refuses a mode whose toggle is not "handled". `auto` (canned answers,
 * mock model, replay) is asked before the user, only for handled kinds.
 */
export function handlersFromModes(modes: Record<CapabilityKey, CapabilityMode>, inputs: InputStore, auto?: AutoAnswer): InputHandlers {
  return coreHandlers(modes, {
    ask: ({ method, params, ctx }) => {
      const input = { kind: method as InputKind, params, key: ctx.key, round: ctx.round, callId: ctx.callId, era: ctx.era };
      // A canned answer, the mock model or a replay may answer first; the round records which did.
      const decided = auto?.decide(input);
      if (decided) return decided.kind === "answer" ? Promise.resolve(decided.response) : Promise.reject(decided.error);
      return inputs.ask(input, ctx.signal);
    },
    unsupported: (kind) => new McpError({ kind: "unsupported", message: `${kind.words.name} is declared but has no handler (set in the capability toggles)` }),
  });
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
