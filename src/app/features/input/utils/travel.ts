import type { Era, InputKind } from "../../../../core";

/**
 * How an answer reaches the server: in 2026-07-28 it rides in `inputResponses` on a retry of the
 * original request (SEP-2322); before, it is the reply to a live server-to-client request.
 */
export function travelLabel(era: Era): string {
  return era === "modern" ? "sent back as a retry (2026-07-28)" : "answers a live server request (initialize era)";
}

export function kindLabel(kind: InputKind, params: Record<string, unknown>): string {
  switch (kind) {
    case "elicitation/create":
      return params.mode === "url" ? "Elicitation (URL)" : "Elicitation (form)";
    case "sampling/createMessage":
      return "Sampling";
    case "roots/list":
      return "Roots";
  }
}
