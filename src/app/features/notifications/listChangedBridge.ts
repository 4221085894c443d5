import type { QueryClient } from "@tanstack/react-query";
import type { ListenHandle } from "../../../core";
import type { Controller } from "../../session/controller";
import type { ConnectionState } from "../../stores/connectionStore";
import { LIST_CHANGED_QUERY, listenFilter } from "./utils/listenFilter";

/**
 * Keeps the catalog fresh: a list_changed notification (sent unasked on initialize-era sessions,
 * through `subscriptions/listen` on 2026-07-28) invalidates that list's query for its connection.
 * Also asks initialize-era servers for logs at the chosen level (logging/setLevel; "off" asks for
 * emergency only). Returns the undo.
 */
export function attachListChanged(controller: Pick<Controller, "session" | "onClientEvent" | "listen" | "requestLogLevel">, queryClient: QueryClient): () => void {
  const offTap = controller.onClientEvent(({ event, connectionId }) => {
    if (event.type !== "notification") return;
    const list = LIST_CHANGED_QUERY[event.method];
    if (list) void queryClient.invalidateQueries({ queryKey: [list, connectionId] });
  });
  let handle: ListenHandle | undefined;
  let openedFor: number | undefined;
  const setLevel = (): void => {
    const s = controller.session.connection.getState();
    const level = controller.session.notify.getState().logLevel;
    if (s.status !== "connected" || s.era !== "legacy" || !s.serverCapabilities.logging) return;
    // MCP has no "off": the most severe level is the closest, and a server sends nothing below it.
    void controller.requestLogLevel(level === "off" ? "emergency" : level)?.catch((e: unknown) => console.warn("logging/setLevel failed:", e));
  };
  const start = (s: ConnectionState): void => {
    if (s.era === "legacy") return setLevel();
    const filter = listenFilter(s.serverCapabilities);
    if (!filter) return;
    handle = controller.listen(filter);
    handle?.ended.catch((e: unknown) => console.warn("subscriptions/listen ended:", e));
  };
  const sync = (s: ConnectionState): void => {
    const want = s.status === "connected" ? s.connectionId : undefined;
    if (want === openedFor) return;
    handle?.close();
    handle = undefined;
    openedFor = want;
    if (want !== undefined) start(s);
  };
  const offConnection = controller.session.connection.subscribe(sync);
  sync(controller.session.connection.getState());
  const offLevel = controller.session.notify.subscribe((s, prev) => {
    if (s.logLevel !== prev.logLevel) setLevel();
  });
  return () => {
    offTap();
    offConnection();
    offLevel();
    handle?.close();
  };
}
