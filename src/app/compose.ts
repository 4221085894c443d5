import type { QueryClient } from "@tanstack/react-query";
import type { Frame } from "../core";
import { attachCanned } from "./features/canned/cannedBridge";
import { cannedStore } from "./features/canned/cannedStore";
import { attachListChanged } from "./features/notifications/listChangedBridge";
import { attachFormPrefetch } from "./features/input/prefetchForms";
import { markInputArrived } from "./lib/perfMarks";
import type { Controller } from "./session/controller";

/** An incoming frame that asks the user something: a 2026-07-28 `input_required` result, or a live elicitation. */
export function asksForInput(frame: Frame): boolean {
  const m = frame.message;
  if (frame.direction !== "in" || m === undefined) return false;
  if ("result" in m) return m.result.resultType === "input_required";
  return "method" in m && m.method === "elicitation/create";
}

/** Times a question's arrival for the bench (perfMarks.ts; the form marks its own readiness). */
export function attachPerfMarks(controller: Controller): () => void {
  return controller.onClientEvent(({ event }) => {
    if (event.type === "frame" && asksForInput(event.frame)) markInputArrived();
  });
}

/**
 * The composition root's wiring, called once by main.tsx: everything that listens to the live
 * controller without being a component. Canned answers and the mock model answer questions first,
 * list_changed refreshes the catalog (and logging/setLevel follows the picker), the bench's timing
 * marks, the forms code fetched ahead once connected, and, with `?bench`, the bench's hooks (that module is fetched only then). Replay attaches
 * per run (features/session/recording.ts). Returns the undo.
 */
export function compose(controller: Controller, queryClient: QueryClient, search: URLSearchParams): () => void {
  const undo = [attachCanned(controller, cannedStore), attachListChanged(controller, queryClient), attachPerfMarks(controller), attachFormPrefetch(controller)];
  if (search.has("bench")) void import("./lib/benchHooks").then((m) => m.installBenchHooks(controller));
  return () => undo.forEach((u) => u());
}
