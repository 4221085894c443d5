import type { ChangeFeed } from "../changes";
import type { ResourceDefinition, ToolDefinition } from "../definitions";

export const COUNTER_URI = "demo://counter";

/**
 * A resource that changes, so resource subscriptions can be seen: `bump-counter` adds one and
 * publishes the change, and a client subscribed to demo://counter (`resources/subscribe`, or
 * `subscriptions/listen` on 2026-07-28) hears `notifications/resources/updated`.
 */
export function counter(changes: ChangeFeed): { resource: ResourceDefinition; tool: ToolDefinition } {
  let count = 0;
  return {
    resource: {
      uri: COUNTER_URI,
      name: "counter",
      title: "Counter (subscribe, then bump it)",
      description: "Changes each time the bump-counter tool runs",
      mimeType: "text/plain",
      ttlMs: 0,
      handler: () => `count: ${count}`,
    },
    tool: {
      name: "bump-counter",
      title: "Bump the counter (resource updated)",
      description: "Adds one to demo://counter and notifies its subscribers",
      annotations: { readOnlyHint: false, idempotentHint: false },
      handler: () => {
        count++;
        changes.publish({ kind: "resource", uri: COUNTER_URI });
        return `count is now ${count}`;
      },
    },
  };
}
