import { useEffect, useMemo } from "react";
import { Completer, serverCompletes, systemClock, type CompletionRef } from "../../../../core";
import { useConnection, useController } from "../../../session/context";
import type { ArgumentCompleter } from "../../../components/ui/CompletingTextWidget";
import type { Selection } from "../../../stores/uiStore";

/** How long typing must pause before completion/complete goes out. */
const DEBOUNCE_MS = 250;

function refOf(selection: Selection | undefined): CompletionRef | undefined {
  if (selection?.kind === "prompt") return { type: "ref/prompt", name: selection.name };
  if (selection?.kind === "template") return { type: "ref/resource", uri: selection.uriTemplate };
  return undefined;
}

/**
 * The selected prompt's or resource template's completer, when the server declares `completions`
 * (the spec defines completion for those two only, so tools get none). One per selection and
 * connection; a newer keystroke cancels the older request.
 */
export function useCompleteFor(selection: Selection | undefined): ArgumentCompleter | undefined {
  const controller = useController();
  const connectionId = useConnection((s) => s.connectionId);
  const offered = useConnection((s) => s.status === "connected" && serverCompletes(s.serverCapabilities));
  const ref = refOf(selection);
  const refKey = ref ? JSON.stringify(ref) : undefined;
  const completer = useMemo(() => {
    if (!offered || !refKey) return undefined;
    const target = JSON.parse(refKey) as CompletionRef;
    const engine = new Completer((query, signal) => controller.complete(query, signal), { clock: systemClock, debounceMs: DEBOUNCE_MS });
    const api: ArgumentCompleter = {
      suggest: (name, value, all) => {
        const context: Record<string, string> = {};
        for (const [k, v] of Object.entries(all)) if (typeof v === "string") context[k] = v;
        return engine.suggest({ ref: target, argument: { name, value }, context });
      },
      cancel: () => engine.cancel(),
    };
    return api;
    // A new connection gets a new completer: the old one's requests went with the old client.
  }, [controller, offered, refKey, connectionId]);
  useEffect(() => () => completer?.cancel(), [completer]);
  return completer;
}
