import { createStore } from "zustand/vanilla";
import { useStore } from "zustand";
import type { Controller } from "../../../session/controller";
import type { DeepLink } from "../../../stores/deepLink";

export interface ReopenState {
  /** The saved server the page opened on, waiting for the user's "Connect" (a server outside the page). */
  pendingId: string | undefined;
}

export const reopenStore = createStore<ReopenState>()(() => ({ pendingId: undefined }));

export function useReopen<T>(selector: (s: ReopenState) => T): T {
  return useStore(reopenStore, selector);
}

/**
 * Opens the page on the saved server used last, unless a link names a target (the link wins; a
 * link's revision wins over the saved one). The embedded servers connect at once as they always
 * do; a server outside the page waits for the user's click, as a deep link's URL does, so a reload
 * never sends a request to it unasked. Returns whether to connect now, or undefined when there is
 * nothing to reopen.
 */
export function reopenLastServer(controller: Controller, link: DeepLink): { autoConnect: boolean } | undefined {
  if (link.target) return undefined;
  const { lastUsed } = controller.servers.getState();
  const entry = lastUsed ? controller.servers.get(lastUsed) : undefined;
  if (!entry) return undefined;
  const connection = controller.session.connection;
  const settings = connection.getState().settings;
  connection.setState({
    settings: { ...settings, target: entry.target, revision: link.revision ?? entry.revision, ...(entry.capabilities ? { capabilities: entry.capabilities } : {}) },
  });
  if (entry.signIn && entry.target.kind !== "embedded" && entry.target.kind !== "stdio") controller.signIn.setSettings(entry.signIn);
  if (entry.target.kind === "embedded") return { autoConnect: true };
  reopenStore.setState({ pendingId: entry.id });
  return { autoConnect: false };
}
