import { inputKindOf, type Era } from "../../../../core";

/**
 * How an answer reaches the server: in 2026-07-28 it rides in `inputResponses` on a retry of the
 * original request (SEP-2322); before, it is the reply to a live server-to-client request, except
 * for the URLs of a -32042 error (2025-11-25): nothing is sent back for them, the client sends the
 * call again once every one is done.
 */
export function travelLabel(era: Era, urlRequired = false): string {
  if (urlRequired) return "the call is sent again once done (-32042)";
  return era === "modern" ? "sent back as a retry (2026-07-28)" : "answers a live server request (initialize era)";
}

/** A card's heading: the kind's own title, or the method in words when the core knows no such kind. */
export function kindLabel(method: string, params: Record<string, unknown>): string {
  return inputKindOf(method, params)?.words.title ?? `Unknown input kind ${method}`;
}
