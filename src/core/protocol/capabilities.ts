import type { ClientCapabilities, InputRequest } from "./types";
import { isObject } from "../util/isObject";
import { hasElicitation, hasUrlElicitation } from "./revisions";

/** How a client treats one kind of input (the app's capability toggles, the CLI's flags): answer it, declare it only, or leave it out. */
export type CapabilityMode = "handled" | "declared" | "off";
export type CapabilityKey = "elicitationForm" | "elicitationUrl" | "sampling" | "roots";

/** Which elicitation mode a request uses; an absent `mode` is form (spec 2025-11-25 "Elicitation"). */
export function elicitationMode(request: InputRequest): "form" | "url" | undefined {
  if (request.method !== "elicitation/create") return undefined;
  const params = request.params as { mode?: unknown } | undefined;
  return params?.mode === "url" ? "url" : "form";
}

/** Merges ClientCapabilities objects one level deep (enough for the capability shapes MCP has). */
export function mergeCapabilities(...parts: (ClientCapabilities | undefined)[]): ClientCapabilities {
  const out: Record<string, unknown> = {};
  for (const part of parts) {
    if (!part) continue;
    for (const [key, value] of Object.entries(part)) {
      const prev = out[key];
      out[key] = isObject(prev) && isObject(value) ? { ...prev, ...value } : value;
    }
  }
  return out as ClientCapabilities;
}

/**
 * Shapes the declared capabilities for a revision: elicitation did not exist before 2025-06-18, and
 * 2025-06-18 knows only `elicitation: {}` (form, no modes); 2026-07-28 has no `roots.listChanged`.
 */
export function capabilitiesFor(revision: string, caps: ClientCapabilities): ClientCapabilities {
  const out: ClientCapabilities = { ...caps };
  if (!hasElicitation(revision)) delete out.elicitation;
  else if (!hasUrlElicitation(revision) && out.elicitation) out.elicitation = {};
  if (revision < "2025-11-25" && isObject(out.sampling)) out.sampling = {};
  if (revision < "2025-11-25") delete out.extensions;
  // Client-side tasks (top-level `tasks`) exist in 2025-11-25 only; 2026-07-28 servers send no requests.
  if (revision !== "2025-11-25") delete out.tasks;
  if (revision >= "2026-07-28" && isObject(out.roots)) out.roots = {};
  return out;
}
