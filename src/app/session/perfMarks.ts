/**
 * User Timing marks for the bench (bench/browser.ts reads them with a PerformanceObserver): when a
 * server's question reaches the page, and when its form is on screen and takes input. Attached with
 * the bench's hooks (`?bench`, ../benchHooks.ts); a form's mark does nothing without an arrival.
 * A mark costs about a microsecond; the buffer is cleared as it goes, so a long session does not fill it.
 */
import type { Frame } from "../../core";
import type { Controller } from "./controller";

export const MARK_INPUT_ARRIVED = "presa:input-arrived";
export const MARK_FORM_INTERACTIVE = "presa:form-interactive";
/** arrival → form interactive, one entry per question that shows a form. */
export const MEASURE_INPUT_TO_FORM = "presa:input-to-form";

let waiting = false;

const timing = (): Performance | undefined =>
  typeof performance !== "undefined" && typeof performance.mark === "function" && typeof performance.measure === "function" ? performance : undefined;

/** A frame that asks for input arrived (an `input_required` result, or a live elicitation request). */
export function markInputArrived(): void {
  const p = timing();
  if (!p) return;
  p.clearMarks(MARK_INPUT_ARRIVED);
  p.mark(MARK_INPUT_ARRIVED);
  waiting = true;
}

/** A form for the last arrived question has been committed to the DOM with its handlers: it takes input. */
export function markFormInteractive(): void {
  const p = timing();
  if (!p || !waiting) return;
  waiting = false;
  try {
    p.mark(MARK_FORM_INTERACTIVE);
    p.measure(MEASURE_INPUT_TO_FORM, MARK_INPUT_ARRIVED, MARK_FORM_INTERACTIVE);
  } catch {
    // Someone cleared the arrival mark (performance.clearMarks() with no name): this sample is lost, nothing else.
  }
  p.clearMarks(MARK_INPUT_ARRIVED);
  p.clearMarks(MARK_FORM_INTERACTIVE);
  p.clearMeasures(MEASURE_INPUT_TO_FORM);
}

/** An incoming frame that asks the user something: a 2026-07-28 `input_required` result, or a live elicitation. */
export function asksForInput(frame: Frame): boolean {
  const m = frame.message;
  if (frame.direction !== "in" || m === undefined) return false;
  if ("result" in m) return m.result.resultType === "input_required";
  return "method" in m && m.method === "elicitation/create";
}

/** Times a question's arrival (the form marks its own readiness); returns the undo. */
export function attachPerfMarks(controller: Controller): () => void {
  return controller.onClientEvent(({ event }) => {
    if (event.type === "frame" && asksForInput(event.frame)) markInputArrived();
  });
}
