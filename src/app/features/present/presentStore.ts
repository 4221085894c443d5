import { createStore } from "zustand/vanilla";
import { useStore } from "zustand";

export interface PresentState {
  /** Presentation mode: one flow, large type, no wire log, catalog or connection details. */
  on: boolean;
}

export function createPresentStore(on = false) {
  return createStore<PresentState>()(() => ({ on }));
}

export const presentStore = createPresentStore();

export function togglePresent(): void {
  presentStore.setState((s) => ({ on: !s.on }));
}

export function usePresent<T>(selector: (s: PresentState) => T): T {
  return useStore(presentStore, selector);
}
