import type { Controller } from "../../session/controller";
import type { ConnectionSettings } from "../../stores/connectionStore";
import { uiStore, type UiState } from "../../stores/uiStore";
import { presentStore } from "../present/presentStore";
import { linkStore } from "./linkStore";
import type { DeepLink } from "../../stores/deepLink";

const TAB: Record<"tool" | "prompt" | "resource", UiState["tab"]> = { tool: "tools", prompt: "prompts", resource: "resources" };

/**
 * Puts the app where a link points, once at start: the revision, the target and the item are
 * selected, and nothing is called. The embedded server connects as it always does; a URL target
 * waits for the user's "Connect" (ConnectPrompt). Returns whether to connect now.
 */
export function applyDeepLink(link: DeepLink, controller: Controller): { autoConnect: boolean } {
  const settings = controller.session.connection.getState().settings;
  const patch: Partial<ConnectionSettings> = {};
  if (link.revision) patch.revision = link.revision;
  if (link.target?.kind === "url") patch.target = { kind: "url", url: link.target.url, headers: [] };
  else if (link.target?.kind === "embedded") patch.target = { kind: "embedded" };
  controller.session.connection.setState({ settings: { ...settings, ...patch } });
  if (link.selection) uiStore.setState({ selection: link.selection, tab: TAB[link.selection.kind] });
  if (link.present) presentStore.setState({ on: true });
  linkStore.setState({ pendingUrl: link.target?.kind === "url" ? link.target.url : undefined, problems: link.problems });
  return { autoConnect: link.target?.kind !== "url" };
}
