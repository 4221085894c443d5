import type { Inspector } from "../../../lib/inspector";
import type { Selection } from "../../../stores/uiStore";

/** A resource template's URI with its variables filled in (RFC 6570 level 1, each value escaped). */
export function fillTemplate(template: string, vars: Record<string, unknown>): string {
  return template.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(String(vars[n] ?? "")));
}

/** Runs the selected item with these arguments: the Run button, Ctrl/Cmd+Enter and replays go through here. */
export function runSelection(inspector: Inspector, selection: Selection, args: Record<string, unknown>): Promise<void> {
  switch (selection.kind) {
    case "tool":
      return inspector.callTool(selection.name, args);
    case "prompt":
      return inspector.getPrompt(selection.name, Object.fromEntries(Object.entries(args).map(([k, v]) => [k, String(v)])));
    case "resource":
      return inspector.readResource(selection.uri);
    case "template":
      return inspector.readResource(fillTemplate(selection.uriTemplate, args));
  }
}
