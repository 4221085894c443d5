import type { CallHandle, Controller } from "./controller";
import type { Selection } from "../stores/uiStore";

/** A resource template's URI with its variables filled in (RFC 6570 level 1, each value escaped). */
export function fillTemplate(template: string, vars: Record<string, unknown>): string {
  return template.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(String(vars[n] ?? "")));
}

/** Runs the selected item with these arguments: the Run button and Ctrl/Cmd+Enter go through here. */
export function runSelection(controller: Controller, selection: Selection, args: Record<string, unknown>): CallHandle | undefined {
  switch (selection.kind) {
    case "tool":
      return controller.start("tools/call", { name: selection.name, arguments: args });
    case "prompt":
      return controller.start("prompts/get", { name: selection.name, arguments: args });
    case "resource":
      return controller.start("resources/read", { uri: selection.uri });
    case "template":
      return controller.start("resources/read", { uri: fillTemplate(selection.uriTemplate, args) });
  }
}
