import { serverSubscribes } from "../../../../core";
import { useConnection, useController, useWatches } from "../../../session/context";
import "./watch.css";

/**
 * Subscribe to the selected resource's updates (when the server offers `resources.subscribe`): the
 * server then sends `notifications/resources/updated`, counted here; Re-read reads it again on demand.
 */
export function ResourceWatchBar({ uri }: { uri: string }) {
  const controller = useController();
  const offered = useConnection((s) => s.status === "connected" && serverSubscribes(s.serverCapabilities));
  const entry = useWatches((s) => s.watches[uri]);
  if (!offered) return null;
  const on = entry?.status === "on";
  const busy = entry?.status === "subscribing" || entry?.status === "closing";
  return (
    <div className="resource-watch" role="group" aria-label="Resource subscription">
      {on ? (
        <button type="button" onClick={() => void controller.unwatchResource(uri)}>
          Unsubscribe
        </button>
      ) : (
        <button type="button" disabled={busy} onClick={() => void controller.watchResource(uri)}>
          Subscribe to updates
        </button>
      )}
      <span className="muted" role="status" data-testid="watch-status">
        {entry === undefined
          ? "Not subscribed: the server will not say when this resource changes."
          : entry.status === "failed"
            ? `Subscription failed: ${entry.error ?? "no reason given"}`
            : entry.status === "subscribing"
              ? "Subscribing…"
              : entry.status === "closing"
                ? "Unsubscribing…"
                : `Subscribed (${entry.via ?? "?"}). ${entry.updates === 0 ? "No update yet." : `Updated ${entry.updates} ${entry.updates === 1 ? "time" : "times"} on the server.`}`}
      </span>
      {on && entry.updates > 0 && (
        <>
          <span className="badge resource-updated" data-testid="resource-updated">
            updated
          </span>
          <button type="button" onClick={() => void controller.readResource(uri)}>
            Re-read
          </button>
        </>
      )}
    </div>
  );
}
