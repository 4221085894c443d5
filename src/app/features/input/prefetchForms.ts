import type { Controller } from "../../session/controller";
import { prefetchCallParts } from "../call/components/LazyParts";
import { prefetchExplanations } from "../errors/ErrorView";
import { prefetchWireDetail } from "../wire/components/LazyWireDetail";

/** The lazy code a call needs: the item panel, the call view, history and rounds, the question cards, the arguments form (rjsf), a task's card, the error explanations, the wire log's frame detail. */
export function prefetchForms(): Promise<unknown> {
  return Promise.all([
    prefetchCallParts(),
    prefetchExplanations(),
    prefetchWireDetail(),
    import("./questionCards").then((m) => m.prefetchQuestions()),
    import("../call/components/ArgumentsForm"),
    import("../tasks/TaskCard"),
  ]);
}

/**
 * Once the live session is first connected, fetches the forms code ahead (issue 15 item 7), so the
 * first question of a page appears as fast as later ones. Not in the first view: it starts after the
 * connection, when the page is idle: after the next frame (so never ahead of the page's first render,
 * which may come with the connection), then a task. A failed fetch is tried again at the next
 * connection. Returns the undo.
 */
export function attachFormPrefetch(controller: Controller, fetchAhead: () => Promise<unknown> = prefetchForms): () => void {
  const connection = controller.session.connection;
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  const fetchNow = (): void => {
    timer = undefined;
    done = true;
    fetchAhead().catch(() => {
      done = false;
    });
  };
  const check = (): void => {
    if (done || timer !== undefined || frame !== undefined || connection.getState().status !== "connected") return;
    if (typeof requestAnimationFrame !== "function") return void (timer = setTimeout(fetchNow, 0));
    frame = requestAnimationFrame(() => {
      frame = undefined;
      timer = setTimeout(fetchNow, 0);
    });
  };
  const unsubscribe = connection.subscribe(check);
  check();
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
}
