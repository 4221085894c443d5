import { Emitter } from "../core/protocol";

/** Something a client may be told changed (2026-07-28 `SubscriptionFilter`; legacy list_changed notifications). */
export type ServerChange = { kind: "tools" } | { kind: "prompts" } | { kind: "resources" } | { kind: "resource"; uri: string };

/**
 * The server's change feed. 2026-07-28 has no sessions, so a change made while serving one request
 * (a tool that adds a tool, say) reaches the open `subscriptions/listen` streams of every client
 * through this process-wide feed (SEP-2575 "Subscriptions"); initialize-era sessions listen to it too.
 */
export class ChangeFeed {
  readonly #emitter = new Emitter<ServerChange>();

  publish(change: ServerChange): void {
    this.#emitter.emit(change);
  }

  subscribe(listener: (change: ServerChange) => void): () => void {
    return this.#emitter.subscribe(listener);
  }
}

/** The notification method that reports a change (spec "Notifications"). */
export function changeMethod(change: ServerChange): string {
  switch (change.kind) {
    case "tools":
      return "notifications/tools/list_changed";
    case "prompts":
      return "notifications/prompts/list_changed";
    case "resources":
      return "notifications/resources/list_changed";
    case "resource":
      return "notifications/resources/updated";
  }
}
