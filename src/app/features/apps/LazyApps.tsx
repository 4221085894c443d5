import { lazy } from "react";
import { useStore } from "zustand";
import { LazyPart } from "../../components/ui/LazyPart";
import { appsStore } from "./appsStore";

// The apps' host, sandbox relay and panel: a chunk of its own, fetched when the first app opens.
const AppsArea = lazy(() => import("./components/AppsArea").then((m) => ({ default: m.AppsArea })));

/** The MCP Apps the inspector renders, below the call view; nothing until a tool with an app is called. */
export function LazyApps() {
  const any = useStore(appsStore, (s) => s.order.length > 0);
  if (!any) return null;
  return (
    <LazyPart what="The MCP Apps view" fallback={<p className="muted">Loading the app host…</p>}>
      <AppsArea />
    </LazyPart>
  );
}
