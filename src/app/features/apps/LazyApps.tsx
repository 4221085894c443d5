import { useStore } from "zustand";
import { LazyPart } from "../../components/ui/LazyPart";
import { chunkComponent } from "../../lib/chunkComponent";
import { appsStore } from "./appsStore";
import { loadAppsArea } from "./appsChunk";
import { sandboxPlace } from "./sandboxOrigin";

// The apps' host, sandbox relay and panel: a chunk of its own, fetched ahead when a tool with an app
// is chosen (attachApps), else when the first app opens.
const appsArea = chunkComponent("AppsArea", loadAppsArea, (m) => m.AppsArea);
/** Fetches the apps' host chunk ahead (once; again after a failed fetch). */
export const prefetchAppsArea = appsArea.prefetch;

/**
 * Once a tool with an app is chosen, while the connection lasts: the sandbox proxy page, loaded once and unused, so the browser has
 * the second origin's process and the proxy's files ready when the first app's frame opens (a frame of
 * a new origin otherwise waits for a process of its own). Out of sight and of the accessibility tree;
 * the proxy in it talks only to the host that answers it, and nothing answers it.
 */
function WarmSandbox() {
  const place = sandboxPlace(window.location);
  if (!place.ok) return null;
  return <iframe className="app-warm" src={place.url} sandbox="allow-scripts allow-same-origin" referrerPolicy="no-referrer" title="Apps sandbox, kept ready (empty)" aria-hidden="true" tabIndex={-1} hidden />;
}

/** The MCP Apps the inspector renders, below the call view; nothing until a tool with an app is called. */
export function LazyApps() {
  const any = useStore(appsStore, (s) => s.order.length > 0);
  const warm = useStore(appsStore, (s) => s.warm);
  return (
    <>
      {warm && <WarmSandbox />}
      {any && (
        <LazyPart what="The MCP Apps view" fallback={<p className="muted">Loading the app host…</p>}>
          <appsArea.Component />
        </LazyPart>
      )}
    </>
  );
}
