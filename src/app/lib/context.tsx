import { createContext, useContext, type ReactNode } from "react";
import { useStore } from "zustand";
import type { Inspector } from "./inspector";
import type { ConnectionState } from "../stores/connectionStore";
import type { CallsState } from "../features/call/store/callsStore";
import type { InputState } from "../features/input/store/inputStore";
import type { StepState } from "../features/step/store/stepStore";
import type { WireState } from "../features/wire/store/wireStore";

const InspectorContext = createContext<Inspector | undefined>(undefined);

export function InspectorProvider({ inspector, children }: { inspector: Inspector; children: ReactNode }) {
  return <InspectorContext.Provider value={inspector}>{children}</InspectorContext.Provider>;
}

export function useInspector(): Inspector {
  const inspector = useContext(InspectorContext);
  if (!inspector) throw new Error("useInspector outside InspectorProvider");
  return inspector;
}

/** Narrow selectors over the stores (zustand's useStore is a thin useSyncExternalStore). */
export function useConnection<T>(selector: (s: ConnectionState) => T): T {
  return useStore(useInspector().connection, selector);
}

export function useCalls<T>(selector: (s: CallsState) => T): T {
  return useStore(useInspector().calls, selector);
}

export function useInputs<T>(selector: (s: InputState) => T): T {
  return useStore(useInspector().inputs, selector);
}

export function useStep<T>(selector: (s: StepState) => T): T {
  return useStore(useInspector().step, selector);
}

export function useWire<T>(selector: (s: WireState) => T): T {
  return useStore(useInspector().wire, selector);
}
