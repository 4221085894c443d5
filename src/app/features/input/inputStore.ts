import { createStore } from "zustand/vanilla";
import { McpError, type Era, type InputKind, type InputResponse } from "../../../core";

/** One question from the server waiting for the user. */
export interface PendingInput {
  id: string;
  kind: InputKind;
  params: Record<string, unknown>;
  key: string;
  round: number;
  callId: string | undefined;
  era: Era;
  askedAt: number;
}

export interface InputState {
  pending: PendingInput[];
}

/**
 * Pending inputs and their resolvers. The state holds plain data for the UI; the promise callbacks
 * stay in a private map, so components answer by id and never hold a core promise.
 */
export function createInputStore() {
  const store = createStore<InputState>()(() => ({ pending: [] }));
  const resolvers = new Map<string, { resolve: (r: InputResponse) => void; reject: (e: McpError) => void }>();
  let counter = 0;
  const remove = (id: string): void => store.setState((s) => ({ pending: s.pending.filter((p) => p.id !== id) }));
  return Object.assign(store, {
    /** Called by the core's input handlers: resolves when the user answers. */
    ask(input: Omit<PendingInput, "id" | "askedAt">, signal?: AbortSignal): Promise<InputResponse> {
      const id = `input-${++counter}`;
      return new Promise<InputResponse>((resolve, reject) => {
        resolvers.set(id, { resolve, reject });
        store.setState((s) => ({ pending: [...s.pending, { ...input, id, askedAt: Date.now() }] }));
        signal?.addEventListener(
          "abort",
          () => {
            if (!resolvers.has(id)) return;
            resolvers.delete(id);
            remove(id);
            reject(new McpError({ kind: "cancelled", message: "the call ended before this input was answered" }));
          },
          { once: true },
        );
      });
    },
    answer(id: string, response: InputResponse): void {
      const r = resolvers.get(id);
      if (!r) return;
      resolvers.delete(id);
      remove(id);
      r.resolve(response);
    },
    refuse(id: string, error: McpError): void {
      const r = resolvers.get(id);
      if (!r) return;
      resolvers.delete(id);
      remove(id);
      r.reject(error);
    },
    /** Fails everything still waiting, e.g. on reconnect. */
    refuseAll(reason: string): void {
      for (const p of store.getState().pending) this.refuse(p.id, new McpError({ kind: "cancelled", message: reason }));
    },
  });
}

export type InputStore = ReturnType<typeof createInputStore>;
