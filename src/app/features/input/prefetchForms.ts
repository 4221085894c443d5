import type { Controller } from "../../session/controller";
import { prefetchQuestions } from "./questionCards";

/** The lazy code a call needs: the question cards, the arguments form (rjsf), the rounds panel, a task's card. */
export function prefetchForms(): Promise<unknown> {
  return Promise.all([prefetchQuestions(), import("../call/components/ArgumentsForm"), import("../rounds/components/RoundsTimeline"), import("../tasks/TaskCard")]);
}

/**
 * Once the live session is first connected, fetches the forms code ahead (issue 15 item 7), so the
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
