/**
 * What a tool says about an MCP App (SEP-1865, "Resource Discovery"), read defensively: a server's
 * metadata is untrusted. Kept apart from the resource reader (resource.ts) and the policy (csp.ts):
 * the first view uses only this file (to see that a call opens an app), so the rest loads with the
 * first app.
 */
import { isObject } from "../util/isObject";
import type { ClientCapabilities } from "../protocol/types";

/** The extension's identifier, declared under the client's `capabilities.extensions`. */
export const APPS_EXTENSION = "io.modelcontextprotocol/ui";
/** The one resource type MCP Apps defines so far. */
export const APP_MIME_TYPE = "text/html;profile=mcp-app";
/** The client capability that says this host renders apps. */
export const APPS_CAPABILITY: ClientCapabilities = { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } };

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
