import { McpError, toMcpError } from "../errors";
import type { RequestId } from "../jsonrpc/messages";
import { META } from "../protocol/meta";
import type { Era } from "../protocol/revisions";
import type { SubscriptionFilter } from "../protocol/types";
import { isObject } from "../util/isObject";
import type { ClientEvent } from "./events";

export type { SubscriptionFilter };

export interface ListenOptions {
  /** Each notification tagged with this subscription, the acknowledgement included. */
  onNotification?: (method: string, params: Record<string, unknown>) => void;
}

/** An open subscription; it lasts until `close()` or until the server or the connection ends it. */
export interface ListenHandle {
  /** The listen request's id, which tags every message of the subscription as `subscriptionId`. */
  readonly subscriptionId: RequestId;
  /** The filter the server honours, from its `notifications/subscriptions/acknowledged`. */
  readonly acknowledged: Promise<SubscriptionFilter>;
  /** Settles when the subscription ends: resolves on close(), rejects when the server or connection ends it. */
  readonly ended: Promise<void>;
  close(): void;
}

const ACKNOWLEDGED = "notifications/subscriptions/acknowledged";

function tagOf(params: Record<string, unknown> | undefined): unknown {
  const meta = params && isObject(params._meta) ? params._meta : undefined;
  return meta?.[META.subscriptionId];
}

/** What a subscription needs from the client, and no more. */
export interface SubscriptionHost {
  readonly era: Era | undefined;
  newId(): RequestId;
  /** Adds the 2026-07-28 per-request `_meta` (revision, client info, capabilities). */
  stamp(params: Record<string, unknown>): Record<string, unknown>;
  /** Sends as is: no request timeout (a subscription is meant to stay open), no -32022 retry. */
  send(method: string, params: Record<string, unknown>, options: { id: RequestId; signal: AbortSignal }): Promise<Record<string, unknown>>;
  notify(method: string, params: Record<string, unknown>): Promise<void>;
  subscribe(listener: (event: ClientEvent) => void): () => void;
  /** Whether aborting the request already tells the server (its HTTP stream closes). */
  readonly abortClosesStream: boolean;
}

/**
 * Opens `subscriptions/listen` (2026-07-28 only: initialize-era servers send list_changed on their
 * own). The request stays open; its notifications carry its id as `subscriptionId`. It is sent without
 * the client's request timeout, since a subscription is meant to stay open. Closing aborts the
 * request: over HTTP that closes its stream, which is the cancellation; elsewhere
 * `notifications/cancelled` says so.
 */
export function openSubscription(client: SubscriptionHost, filter: SubscriptionFilter, options: ListenOptions = {}): ListenHandle {
  if (client.era !== "modern") {
    throw new McpError({ kind: "protocol", message: "subscriptions/listen exists only on 2026-07-28; initialize-era servers send list_changed notifications unasked" });
  }
  const id = client.newId();
  const controller = new AbortController();
  let closed = false;
  let acknowledge: (f: SubscriptionFilter) => void = () => undefined;
  let refuse: (e: McpError) => void = () => undefined;
  const acknowledged = new Promise<SubscriptionFilter>((resolve, reject) => {
    acknowledge = resolve;
    refuse = reject;
  });
  acknowledged.catch(() => undefined);
  const unsubscribe = client.subscribe((event) => {
    if (event.type !== "notification" || String(tagOf(event.params)) !== String(id)) return;
    const params = event.params ?? {};
    if (event.method === ACKNOWLEDGED) acknowledge(isObject(params.notifications) ? (params.notifications as SubscriptionFilter) : {});
    options.onNotification?.(event.method, params);
  });
  const params = client.stamp({ notifications: { ...filter } });
  const ended = client.send("subscriptions/listen", params, { id, signal: controller.signal }).then(
    () => {
      unsubscribe();
      refuse(new McpError({ kind: "protocol", message: "the server ended the subscription before acknowledging it" }));
    },
    (e: unknown) => {
      unsubscribe();
      const error = toMcpError(e);
      refuse(error);
      if (!closed) throw error;
    },
  );
  return {
    subscriptionId: id,
    acknowledged,
    ended,
    close() {
      if (closed) return;
      closed = true;
      controller.abort();
      if (!client.abortClosesStream) {
        void client.notify("notifications/cancelled", { requestId: id, reason: "subscription closed by the client" }).catch(() => undefined);
      }
    },
  };
}
