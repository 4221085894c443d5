import type { Controller } from "./session/controller";
import { prefetchCallParts } from "./views/LazyParts";
import { prefetchExplanations } from "./components/ui/ErrorView";
import { prefetchWireDetail } from "./features/wire/components/LazyWireDetail";
import { loadCallCode } from "./session/callChunk";
import { prefetchPalette } from "./features/palette/CommandPalette";

/** The lazy code a call needs: the client's call rounds, the item panel, the call view, history and rounds, the question cards, the arguments form (rjsf), a task's card, the error explanations, the wire log's frame detail, the command palette. */
export function prefetchForms(): Promise<unknown> {
  return Promise.all([
    loadCallCode(),
    prefetchCallParts(),
    prefetchExplanations(),
    prefetchWireDetail(),
    import("./views/questionCards").then((m) => m.prefetchQuestions()),
    import("./components/ui/ArgumentsForm"),
    import("./features/tasks/TaskCard"),
    prefetchPalette(),
  ]);
}

/**
 * Once the live session is first connected, fetches the forms code ahead, so the
 * first question of a page appears as fast as later ones. Not in the first view: it starts after the
 * connection, when the page is idle. A failed fetch is tried again at the next connection. Returns the undo.
 */
export function attachFormPrefetch(controller: Controller, fetchAhead: () => Promise<unknown> = prefetchForms): () => void {
  const connection = controller.session.connection;
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = (): void => {
    if (done || timer !== undefined || connection.getState().status !== "connected") return;
    timer = setTimeout(() => {
      timer = undefined;
      done = true;
      fetchAhead().catch(() => {
        done = false;
      });
    }, 0);
  };
  const unsubscribe = connection.subscribe(check);
  check();
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
  };
}
