/**
 * What a tool and its `ui://` resource say about an MCP App (SEP-1865, "Resource Discovery" and "UI
 * Resource Format"), read defensively: a server's metadata is untrusted, so each reader returns what
 * it found or why it found nothing, in words.
 */
import { isObject } from "../util/isObject";
import type { ClientCapabilities } from "../protocol/types";
import { readAppPolicy, type AppPolicy } from "./csp";

/** The extension's identifier, declared under the client's `capabilities.extensions`. */
export const APPS_EXTENSION = "io.modelcontextprotocol/ui";
/** The one resource type MCP Apps defines so far. */
export const APP_MIME_TYPE = "text/html;profile=mcp-app";
/** The client capability that says this host renders apps. */
export const APPS_CAPABILITY: ClientCapabilities = { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } };

/** The largest app document the host loads (a page, not an archive). */
export const APP_HTML_MAX = 5 * 1024 * 1024;

export type AppVisibility = "model" | "app";

export interface ToolUi {
  resourceUri: string;
  visibility: AppVisibility[];
}

function visibilityOf(ui: unknown): AppVisibility[] {
  const v = isObject(ui) ? ui.visibility : undefined;
  if (!Array.isArray(v)) return ["model", "app"];
  return v.filter((x): x is AppVisibility => x === "model" || x === "app");
}

/** The app a tool names in `_meta.ui.resourceUri` (or the deprecated `_meta["ui/resourceUri"]`), if any `ui://` one. */
export function toolUi(tool: { _meta?: unknown } | undefined): ToolUi | undefined {
  const meta = tool?._meta;
  if (!isObject(meta)) return undefined;
  const ui = meta.ui;
  const uri = isObject(ui) && typeof ui.resourceUri === "string" ? ui.resourceUri : meta["ui/resourceUri"];
  if (typeof uri !== "string" || !uri.startsWith("ui://") || uri.length > 2048) return undefined;
  return { resourceUri: uri, visibility: visibilityOf(ui) };
}

/**
 * Who may call a tool: `_meta.ui.visibility`, both by default. An app may call only tools whose
 * visibility includes "app"; a tool without "model" is one a model would never see.
 */
export function toolVisibility(tool: { _meta?: unknown } | undefined): AppVisibility[] {
  const meta = tool?._meta;
  return visibilityOf(isObject(meta) ? meta.ui : undefined);
}

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
