/**
 * Step mode's editor model: what the user typed for a held retry and the draft it makes. The token
 * is kept byte for byte (README "The requestState token") unless the user touched it: the text
 * field's value is used only after an edit, so nothing a browser does to an input's value can
 * change what is sent.
 */
import type { RetryDraft, InputResponses } from "../../../core";

export interface RetryEdits {
  responsesText: string;
  token: string;
  /** The user typed in the token field; until then the server's token goes as it came. */
  tokenTouched: boolean;
  /** Send the retry without a requestState. */
  removeToken: boolean;
}

export function initialEdits(draft: RetryDraft): RetryEdits {
  return { responsesText: JSON.stringify(draft.inputResponses, null, 2), token: draft.requestState ?? "", tokenTouched: false, removeToken: false };
}

export type ParsedResponses = { ok: true; value: InputResponses } | { ok: false; error: string };

/** The inputResponses editor must hold a JSON object (of answers by key). */
export function parseResponses(text: string): ParsedResponses {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, error: `must be a JSON object of answers by key, not ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}` };
  }
  return { ok: true, value: value as InputResponses };
}

/** What the token field makes of the retry's requestState. */
export function tokenOf(draft: RetryDraft, edits: RetryEdits): string | undefined {
  if (edits.removeToken) return undefined;
  if (!edits.tokenTouched) return draft.requestState;
  return draft.requestState === undefined && edits.token === "" ? undefined : edits.token;
}

export type TokenChange = "kept" | "edited" | "removed" | "added" | "none";

export function tokenChange(original: string | undefined, sent: string | undefined): TokenChange {
  if (original === undefined) return sent === undefined ? "none" : "added";
  if (sent === undefined) return "removed";
  return sent === original ? "kept" : "edited";
}

export type BuiltRetry =
  | { ok: true; draft: RetryDraft; token: TokenChange; responsesEdited: boolean; missingKeys: string[]; extraKeys: string[] }
  | { ok: false; error: string };

/** The draft to send, with what changed from the held one; an error while the JSON does not parse. */
export function buildRetry(draft: RetryDraft, edits: RetryEdits): BuiltRetry {
  const parsed = parseResponses(edits.responsesText);
  if (!parsed.ok) return parsed;
  const requestState = tokenOf(draft, edits);
  const next: RetryDraft = { ...draft, inputResponses: parsed.value };
  delete next.requestState;
  if (requestState !== undefined) next.requestState = requestState;
  const asked = Object.keys(draft.inputResponses);
  const given = Object.keys(parsed.value);
  return {
    ok: true,
    draft: next,
    token: tokenChange(draft.requestState, requestState),
    responsesEdited: JSON.stringify(parsed.value) !== JSON.stringify(draft.inputResponses),
    missingKeys: asked.filter((k) => !given.includes(k)),
    extraKeys: given.filter((k) => !asked.includes(k)),
  };
}
