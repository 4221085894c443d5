/**
 * Runs `work` once the page is idle: after the work already queued (a render and the frame that
 * shows it) is done, so fetching ahead never delays what the user is waiting to see. With
 * requestIdleCallback, at most `timeoutMs` later on a page that is never idle; where it is missing
 * (Safari), after a timer. Returns the cancel.
 */
export function whenIdle(work: () => void, timeoutMs = 1000): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
}
