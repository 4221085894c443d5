import { useStore } from "zustand";
import { appLabel, appsStore } from "../features/apps/appsStore";

/** "from app X": on a question card, a call's rounds and the history, for a call an MCP App started. */
export function AppOriginBadge({ callId }: { callId: string | undefined }) {
  const label = useStore(appsStore, (s) => {
    const appId = callId === undefined ? undefined : s.origin[callId];
    const app = appId === undefined ? undefined : s.apps[appId];
    return appId === undefined ? undefined : app ? appLabel(app) : "a closed app";
  });
  if (label === undefined) return null;
  return (
    <span className="badge app-origin" data-testid="app-origin" title="This call was started by an MCP App the inspector renders, not from the catalog">
      from app {label}
    </span>
  );
}
