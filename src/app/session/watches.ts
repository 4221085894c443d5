import { toMcpError, updatedUri, type Client, type ClientEvent, type ResourceWatch } from "../../core";
import type { WatchEntry, WatchStore } from "../features/watch/watchStore";

/**
 * The live session's resource watches: subscribe and unsubscribe through the connected client, and
 * count each `notifications/resources/updated` for a watched URI. The controller owns one, feeds it
 * every client event and resets it when the connection ends (a subscription does not outlive it).
 */
export function createWatches(store: WatchStore, client: () => Client | undefined, now: () => number = Date.now) {
  const handles = new Map<string, ResourceWatch>();
  const patch = (uri: string, change: Partial<WatchEntry>): void =>
    store.setState((s) => {
      const old = s.watches[uri] ?? { uri, status: "subscribing", via: undefined, error: undefined, updates: 0, lastUpdatedAt: undefined };
      return { watches: { ...s.watches, [uri]: { ...old, ...change } } };
    });

  async function subscribe(uri: string): Promise<void> {
    const c = client();
    if (!c || handles.has(uri)) return;
    patch(uri, { status: "subscribing", error: undefined, updates: 0, lastUpdatedAt: undefined });
    try {
      const handle = await c.watchResource(uri);
      if (client() !== c) return void handle.close().catch(() => undefined);
      handles.set(uri, handle);
      patch(uri, { status: "on", via: handle.via });
    } catch (e) {
      patch(uri, { status: "failed", error: toMcpError(e).message });
    }
  }

  async function unsubscribe(uri: string): Promise<void> {
    const handle = handles.get(uri);
    if (!handle) return;
    handles.delete(uri);
    patch(uri, { status: "closing" });
    try {
      await handle.close();
      store.setState((s) => {
        const { [uri]: _gone, ...rest } = s.watches;
        return { watches: rest };
      });
    } catch (e) {
      patch(uri, { status: "failed", error: toMcpError(e).message });
    }
  }

  function onEvent(event: ClientEvent): void {
    if (event.type !== "notification") return;
    const uri = updatedUri(event.method, event.params);
    if (uri === undefined) return;
    const entry = store.getState().watches[uri];
    if (!entry) return;
    patch(uri, { updates: entry.updates + 1, lastUpdatedAt: now() });
  }

  /** The connection ended: its subscriptions went with it. */
  function reset(): void {
    handles.clear();
    store.setState({ watches: {} });
  }

  return { subscribe, unsubscribe, onEvent, reset };
}

export type Watches = ReturnType<typeof createWatches>;
