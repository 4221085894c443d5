/**
 * Runs `work` once the page has shown what just changed: in a task after the next frame, so work
 * started on a state change (fetching code ahead) does not delay the render that shows it, yet
 * starts at once after it, not whenever the page is next idle, by when the user may be acting. A
 * page in the background (no frames) gets it after a timer. Returns the cancel.
 */
export function afterPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  const run = (): void => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    frame = undefined;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(work, 0);
  };
  if (typeof requestAnimationFrame === "function") frame = requestAnimationFrame(run);
  // A hidden page draws no frames: the work still runs, a little later.
  timer = setTimeout(run, 100);
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
