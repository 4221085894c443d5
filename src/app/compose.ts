import type { QueryClient } from "@tanstack/react-query";
import { attachCanned } from "./features/canned/cannedBridge";
import { cannedStore } from "./features/canned/cannedStore";
import { attachListChanged } from "./features/notifications/listChangedBridge";
import { attachFormPrefetch } from "./prefetchForms";
import { attachApps } from "./features/apps/attachApps";
import { prefetchAppsArea } from "./features/apps/LazyApps";
import { attachServersFile } from "./features/connection/servers/serversFileSync";
import type { Controller } from "./session/controller";

/**
 * The composition root's wiring, called once by main.tsx: everything that listens to the live
 * controller without being a component. Canned answers and the mock model answer questions first,
 * list_changed refreshes the catalog (and logging/setLevel follows the picker), the forms code fetched
 * ahead once connected, the saved servers kept in the bridge's servers file, and, with `?bench`, the bench's hooks and timing marks (session/benchHooks.ts,
 * fetched only then). Replay attaches per run (features/session/recording.ts). Returns the undo.
 */
export function compose(controller: Controller, queryClient: QueryClient, search: URLSearchParams): () => void {
  const undo = [attachCanned(controller, cannedStore), attachListChanged(controller, queryClient), attachFormPrefetch(controller), attachApps(controller, prefetchAppsArea), attachServersFile(controller)];
  if (search.has("bench")) {
    void import("./benchHooks").then((m) => {
      m.installBenchHooks(controller);
      undo.push(m.attachPerfMarks(controller));
    });
  }
  return () => undo.forEach((u) => u());
}
