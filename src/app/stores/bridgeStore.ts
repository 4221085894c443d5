import { createStore } from "zustand/vanilla";
import type { McpError, BridgeEndpoint, BridgeInfo } from "../../core";

/**
 * The local bridge the app may use: handed over by the page (`npm start` injects it into the HTML)
 * or pasted by the user (the static build, `npm run bridge`). The token lives only here and in
 * sessionStorage for a pasted one; it is never put in a URL.
 */
export interface BridgeState {
  endpoint: BridgeEndpoint | undefined;
  source: "page" | "pasted" | undefined;
  status: "none" | "checking" | "ok" | "failed";
  info: BridgeInfo | undefined;
  error: McpError | undefined;
}

export function createBridgeStore(endpoint?: BridgeEndpoint, source?: "page" | "pasted") {
  return createStore<BridgeState>()(() => ({ endpoint, source: endpoint ? source : undefined, status: endpoint ? "checking" : "none", info: undefined, error: undefined }));
}

export type BridgeStore = ReturnType<typeof createBridgeStore>;
