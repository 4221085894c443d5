import type { ClientCapabilities, InputKind, InputRequest } from "./types";
import { isObject } from "../util/isObject";
import { hasElicitation, hasUrlElicitation } from "./revisions";

/** How a client treats one kind of input (the app's capability toggles, the CLI's flags): answer it, declare it only, or leave it out. */
export type CapabilityMode = "handled" | "declared" | "off";
export type CapabilityKey = "elicitationForm" | "elicitationUrl" | "sampling" | "roots";

/**
 * The capabilities a client declares from its modes: anything not "off" is declared, whether or
 * not a handler stands behind it ("declared" reaches the core's `unsupported` path on purpose).
 * `extras` adds sampling with tools and a listChanged roots list (README "The other ways a server asks").
 */
export function capabilitiesFromModes(modes: Record<CapabilityKey, CapabilityMode>, extras: { samplingTools?: boolean; rootsListChanged?: boolean } = {}): ClientCapabilities {
  const caps: ClientCapabilities = {};
  const elicitation: Record<string, object> = {};
  if (modes.elicitationForm !== "off") elicitation.form = {};
  if (modes.elicitationUrl !== "off") elicitation.url = {};
  if (Object.keys(elicitation).length > 0) caps.elicitation = elicitation;
  if (modes.sampling !== "off") caps.sampling = extras.samplingTools ? { tools: {} } : {};
  if (modes.roots !== "off") caps.roots = extras.rootsListChanged ? { listChanged: true } : {};
  return caps;
}

/** Which elicitation mode a request uses; an absent `mode` is form (spec 2025-11-25 "Elicitation"). */
export function elicitationMode(request: InputRequest): "form" | "url" | undefined {
  if (request.method !== "elicitation/create") return undefined;
  const params = request.params as { mode?: unknown } | undefined;
  return params?.mode === "url" ? "url" : "form";
}

/**
 * The client capability an input request needs, as a ClientCapabilities object, the shape that
 * -32021's `data.requiredCapabilities` carries (SEP-2575).
 */
export function requiredCapability(request: InputRequest): ClientCapabilities {
  switch (request.method) {
    case "elicitation/create":
      return elicitationMode(request) === "url" ? { elicitation: { url: {} } } : { elicitation: { form: {} } };
    case "sampling/createMessage":
      return samplingNeedsTools(request) ? { sampling: { tools: {} } } : { sampling: {} };
    case "roots/list":
      return { roots: {} };
  }
}

/** A sampling request that offers tools needs `sampling.tools` (2025-11-25 "Sampling with tools"). */
function samplingNeedsTools(request: InputRequest): boolean {
  const params = request.params as { tools?: unknown; toolChoice?: unknown } | undefined;
  return params?.tools !== undefined || params?.toolChoice !== undefined;
}

/** Whether declared capabilities cover an input request. `elicitation: {}` means form only. */
export function covers(declared: ClientCapabilities | undefined, request: InputRequest): boolean {
  if (!declared) return false;
  switch (request.method) {
    case "elicitation/create": {
      const e = declared.elicitation;
      if (!isObject(e)) return false;
      const mode = elicitationMode(request);
      const formOnly = e.form === undefined && e.url === undefined;
      return mode === "url" ? isObject(e.url) : formOnly || isObject(e.form);
    }
    case "sampling/createMessage": {
      const s = declared.sampling;
      return isObject(s) && (!samplingNeedsTools(request) || isObject(s.tools));
    }
    case "roots/list":
      return isObject(declared.roots);
  }
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

/** The input kind a capability key gives a handler for. */
export const KIND_OF_CAPABILITY: Record<"elicitation" | "sampling" | "roots", InputKind> = {
  elicitation: "elicitation/create",
  sampling: "sampling/createMessage",
  roots: "roots/list",
};

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
