/**
 * Watching one resource for changes: `resources/subscribe` / `resources/unsubscribe` in the
 * initialize era (when the server declares `resources.subscribe`), and on 2026-07-28, where those
 * requests are removed, a `subscriptions/listen` whose filter names the URI (`resourceSubscriptions`).
 * Either way the server then sends `notifications/resources/updated` with the URI, which reaches the
 * client's listeners as a `notification` event; reading the resource again is the caller's choice.
 */
import { McpError } from "../errors";
import type { Era } from "../protocol/revisions";
import type { ServerCapabilities } from "../protocol/types";
import { isObject } from "../util/isObject";
import type { ListenHandle } from "./subscriptions";

export const RESOURCE_UPDATED = "notifications/resources/updated";

/** An open watch on one resource. */
export interface ResourceWatch {
  readonly uri: string;
  /** How the client asked: the request the server was sent. */
  readonly via: "resources/subscribe" | "subscriptions/listen";
  /** Stops watching (`resources/unsubscribe`, or closing the listen request). */
  close(): Promise<void>;
}

/** What watching needs from the client. */
export interface ResourceWatchHost {
  readonly era: Era | undefined;
  readonly serverCapabilities: ServerCapabilities;
  request(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>>;
  listen(filter: { resourceSubscriptions: string[] }): ListenHandle;
}

/** Whether the server lets a client subscribe to a resource's updates (`resources.subscribe`). */
export function serverSubscribes(caps: ServerCapabilities | undefined): boolean {
  return isObject(caps?.resources) && caps.resources.subscribe === true;
}

/** The URI a `notifications/resources/updated` names, or undefined for anything else. */
export function updatedUri(method: string, params: Record<string, unknown> | undefined): string | undefined {
  return method === RESOURCE_UPDATED && typeof params?.uri === "string" ? params.uri : undefined;
}

/** Starts watching `uri`; rejects in words when the server does not offer it. */
export async function watchResource(host: ResourceWatchHost, uri: string): Promise<ResourceWatch> {
  if (!serverSubscribes(host.serverCapabilities)) {
    throw new McpError({ kind: "unsupported", message: "the server does not offer resource subscriptions (its capabilities have no resources.subscribe)" });
  }
  if (host.era === "modern") {
    const handle = host.listen({ resourceSubscriptions: [uri] });
    const filter = await handle.acknowledged;
    const honoured = Array.isArray(filter.resourceSubscriptions) && filter.resourceSubscriptions.includes(uri);
    if (!honoured) {
      handle.close();
      throw new McpError({ kind: "protocol", message: `the server acknowledged the subscription without ${uri} in resourceSubscriptions, so it will not send its updates` });
    }
    return {
      uri,
      via: "subscriptions/listen",
      close: () => {
        handle.close();
        return handle.ended.catch(() => undefined);
      },
    };
  }
  await host.request("resources/subscribe", { uri });
  let closed = false;
  return {
    uri,
    via: "resources/subscribe",
    close: async () => {
      if (closed) return;
      closed = true;
      await host.request("resources/unsubscribe", { uri });
    },
  };
}
