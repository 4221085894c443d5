import type { Controller } from "../../../session/controller";
import type { ServerEntry } from "../../../stores/serverEntry";

/**
 * Connects the live session to a saved server: its sign-in settings first (they apply on the next
 * connect), then its target, revision and capabilities; the entry becomes the one the app opens on.
 */
export function connectEntry(controller: Controller, entry: ServerEntry): Promise<void> {
  if (entry.signIn && (entry.target.kind === "url" || entry.target.kind === "bridge-http")) controller.signIn.setSettings(entry.signIn);
  controller.servers.markUsed(entry.id);
  return controller.connect({ target: entry.target, revision: entry.revision, ...(entry.capabilities ? { capabilities: entry.capabilities } : {}) });
}
