import { createStore } from "zustand/vanilla";
import { useStore } from "zustand";

export interface LinkStoreState {
  /** A server URL a link asked to connect to; nothing connects until the user says so. */
  pendingUrl: string | undefined;
  /** Link parameters that were ignored, and why. */
  problems: string[];
}

export function createLinkStore() {
  return createStore<LinkStoreState>()(() => ({ pendingUrl: undefined, problems: [] }));
}

export const linkStore = createLinkStore();

export const linkActions = {
  dismissProblems: (): void => linkStore.setState({ problems: [] }),
  dismissPendingUrl: (): void => linkStore.setState({ pendingUrl: undefined }),
};

export function useLink<T>(selector: (s: LinkStoreState) => T): T {
  return useStore(linkStore, selector);
}
