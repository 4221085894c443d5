import { useStore } from "zustand";
import { useInspector } from "../../../lib/context";
import type { BridgeState } from "../../../stores/bridgeStore";
import type { SavedState } from "../store/savedStore";
import type { StderrState } from "../store/stderrStore";

/** Narrow selectors over the connection feature's stores (the bridge, stderr lines, saved connections). */
export function useBridge<T>(selector: (s: BridgeState) => T): T {
  return useStore(useInspector().bridge, selector);
}

export function useStderr<T>(selector: (s: StderrState) => T): T {
  return useStore(useInspector().stderr, selector);
}

export function useSaved<T>(selector: (s: SavedState) => T): T {
  return useStore(useInspector().saved, selector);
}
