import { createElement, lazy, useState, type ComponentType } from "react";

/**
 * The question cards (form, URL, sampling, roots) and the step-mode retry editor, with everything
 * they need (the URL checks, ipaddr.js, the sampling view), in a chunk of their own: not part of the
 * first view, and fetched ahead once a connection is up (prefetchQuestions), so the first question
 * of a page appears as fast as later ones.
 */
type Chunk = typeof import("./questionCardsChunk");

/** The chunk once it has arrived: then a card renders at once instead of through React.lazy. */
let chunk: Chunk | undefined;
const loadCards = (): Promise<Chunk> => import("./questionCardsChunk").then((m) => (chunk = m));

/**
 * A component of the chunk: rendered directly when the chunk is already here (prefetched), else through
 * React.lazy. React.lazy suspends on its first render even for a module that has arrived, and React holds a
 * Suspense reveal for 300 ms after a fallback, which made the first question of every page take ~300 ms.
 * Each card decides once, when it mounts, so a card is never remounted (and its typed answers lost)
 * when the chunk arrives later.
 */
function fromChunk<P extends object>(name: string, pick: (m: Chunk) => ComponentType<P>): ComponentType<P> {
  const Lazy = lazy(() => loadCards().then((m) => ({ default: pick(m) })));
  function FromChunk(props: P) {
    const [Direct] = useState(() => (chunk ? pick(chunk) : undefined));
    return createElement(Direct ?? Lazy, props);
  }
  FromChunk.displayName = name;
  return FromChunk;
}

export const QuestionCard = fromChunk("QuestionCard", (m) => m.QuestionCard);
export const HeldRetryPanel = fromChunk("HeldRetryPanel", (m) => m.HeldRetryPanel);

let fetched: Promise<unknown> | undefined;

/** Fetches the question code once (a second call returns the same promise); a failed fetch can be tried again. */
export function prefetchQuestions(): Promise<unknown> {
  fetched ??= loadCards().catch((e: unknown) => {
    fetched = undefined;
    throw e;
  });
  return fetched;
}
