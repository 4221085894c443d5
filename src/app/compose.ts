import type { QueryClient } from "@tanstack/react-query";
import { attachListChanged } from "./features/notifications/listChangedBridge";
import { attachFormPrefetch } from "./prefetchForms";
import { attachApps } from "./features/apps/attachApps";
import { prefetchAppsArea } from "./features/apps/LazyApps";
import { attachServersFile } from "./features/connection/servers/serversFileSync";
import type { Controller } from "./session/controller";
import { loadWithCallCode } from "./session/callChunk";

/**
 * Canned answers and the mock model answer questions, which arrive only while a call runs: their
 * answerer is not in the first view but loaded with the call code (session/callChunk.ts), which every
 * call waits for, so it is attached before the first question and answers it synchronously.
 */
function attachCannedWithCalls(controller: Controller): () => void {
  let stopped = false;
  let detach: (() => void) | undefined;
  const unregister = loadWithCallCode(() =>
    Promise.all([import("./features/canned/cannedBridge"), import("./features/canned/cannedStore")]).then(([bridge, store]) => {
      if (!stopped) detach ??= bridge.attachCanned(controller, store.cannedStore);
    }),
  );
  return () => {
    stopped = true;
    unregister();
    detach?.();
  };
}

/**
 * The composition root's wiring, called once by main.tsx: everything that listens to the live
 * controller without being a component. Canned answers and the mock model answer questions first,
 * list_changed refreshes the catalog (and logging/setLevel follows the picker), the forms code fetched
 * ahead once connected, the saved servers kept in the bridge's servers file, and, with `?bench`, the bench's hooks and timing marks (session/benchHooks.ts,
 * fetched only then). Replay attaches per run (features/session/recording.ts). Returns the undo.
 */
export function compose(controller: Controller, queryClient: QueryClient, search: URLSearchParams): () => void {
  const undo = [attachCannedWithCalls(controller), attachListChanged(controller, queryClient), attachFormPrefetch(controller), attachApps(controller, prefetchAppsArea), attachServersFile(controller)];
  if (search.has("bench")) {
    void import("./benchHooks").then((m) => {
      m.installBenchHooks(controller);
      undo.push(m.attachPerfMarks(controller));
    });
  }
  return () => undo.forEach((u) => u());
}
