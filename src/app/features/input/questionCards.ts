import { lazy } from "react";

/**
 * The question cards (form, URL, sampling, roots) and the step-mode retry editor, with everything
 * they need (the URL checks, ipaddr.js, the sampling view), in a chunk of their own: not part of the
 * first view, and fetched ahead once a connection is up (prefetchQuestions), so the first question
 * of a page appears as fast as later ones.
 */
const loadCards = () => import("./questionCardsChunk");

export const InputRequestCard = lazy(() => loadCards().then((m) => ({ default: m.InputRequestCard })));
export const HeldRetryPanel = lazy(() => loadCards().then((m) => ({ default: m.HeldRetryPanel })));

let fetched: Promise<unknown> | undefined;

/** Fetches the question code once (a second call returns the same promise); a failed fetch can be tried again. */
export function prefetchQuestions(): Promise<unknown> {
  fetched ??= loadCards().catch((e: unknown) => {
    fetched = undefined;
    throw e;
  });
  return fetched;
}
