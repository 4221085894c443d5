/**
 * The app document in a `resources/read` result (SEP-1865, "UI Resource Format"), read defensively:
 * what it found, or why it found nothing, in words.
 */
import { isObject } from "../util/isObject";
import { readAppPolicy, type AppPolicy } from "./csp";
import { APP_MIME_TYPE } from "./meta";

/** The largest app document the host loads (a page, not an archive). */
export const APP_HTML_MAX = 5 * 1024 * 1024;

/** An app document, ready for the sandbox. */
export interface AppResource {
  uri: string;
  html: string;
  policy: AppPolicy;
  prefersBorder: boolean | undefined;
  /** A dedicated origin the server asked for; this host has none to give, so it is shown, not used. */
  domain: string | undefined;
}

export type AppResourceRead = { ok: true; resource: AppResource } | { ok: false; reason: string };

function decodeBase64Utf8(blob: string): string | undefined {
  try {
    const bytes = Uint8Array.from(atob(blob), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The app document in a `resources/read` result: the content for `uri` of type
 * `text/html;profile=mcp-app`, as text or base64 (UTF-8), with its `_meta.ui` policy. The
 * resource-level `_meta.ui` of the listing may be given as a fallback: the content's own wins.
 */
export function readAppResource(result: unknown, uri: string, listed?: unknown): AppResourceRead {
  const contents = isObject(result) && Array.isArray(result.contents) ? result.contents : undefined;
  if (!contents) return { ok: false, reason: "the resources/read result has no contents list" };
  const content = contents.find((c) => isObject(c) && c.uri === uri) ?? (contents.length === 1 ? contents[0] : undefined);
  if (!isObject(content)) return { ok: false, reason: `the result has no content for ${uri}` };
  const mime = typeof content.mimeType === "string" ? content.mimeType.replace(/\s+/g, "").toLowerCase() : undefined;
  if (mime !== APP_MIME_TYPE) return { ok: false, reason: `its type is ${mime === undefined ? "not given" : JSON.stringify(content.mimeType)}, not ${APP_MIME_TYPE}` };
  let html: string | undefined;
  if (typeof content.text === "string") html = content.text;
  else if (typeof content.blob === "string") {
    html = decodeBase64Utf8(content.blob);
    if (html === undefined) return { ok: false, reason: "its blob is not base64 of UTF-8 text" };
  }
  if (html === undefined) return { ok: false, reason: "it has neither text nor blob" };
  if (html.length > APP_HTML_MAX) return { ok: false, reason: `it is larger than ${APP_HTML_MAX / 1024 / 1024} MB` };
  const ownUi = isObject(content._meta) ? content._meta.ui : undefined;
  const ui = ownUi ?? (isObject(listed) ? listed.ui : undefined);
  const policy = readAppPolicy(ui);
  return {
    ok: true,
    resource: {
      uri,
      html,
      policy,
      prefersBorder: isObject(ui) && typeof ui.prefersBorder === "boolean" ? ui.prefersBorder : undefined,
      domain: isObject(ui) && typeof ui.domain === "string" ? ui.domain.slice(0, 253) : undefined,
    },
  };
}
