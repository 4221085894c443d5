import type { SubscriptionFilter, ServerCapabilities } from "../../../../core";

/** Which query of the catalog each list_changed notification makes stale (query keys in src/app/session/queries.ts). */
export const LIST_CHANGED_QUERY: Readonly<Record<string, "tools" | "prompts" | "resources">> = {
  "notifications/tools/list_changed": "tools",
  "notifications/prompts/list_changed": "prompts",
  "notifications/resources/list_changed": "resources",
};

/** What to ask `subscriptions/listen` for: the lists the server says may change; undefined when none. */
export function listenFilter(caps: ServerCapabilities): SubscriptionFilter | undefined {
  const filter: SubscriptionFilter = {};
  if (caps.tools?.listChanged === true) filter.toolsListChanged = true;
  if (caps.prompts?.listChanged === true) filter.promptsListChanged = true;
  if (caps.resources?.listChanged === true) filter.resourcesListChanged = true;
  return Object.keys(filter).length > 0 ? filter : undefined;
}
