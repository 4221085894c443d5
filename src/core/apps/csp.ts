/**
 * The Content-Security-Policy and permission policy an MCP App runs under, built from what its
 * `ui://` resource declares in `_meta.ui.csp` and `_meta.ui.permissions` (MCP Apps, SEP-1865,
 * "Content Security Policy Enforcement" and "Sandbox proxy" step 5). Nothing the resource did not
 * declare is allowed, and a declaration that is not a plain origin (a keyword, a path, `*`, a quote or
 * a semicolon that would smuggle in another directive) is refused, with the reason, instead of passed on.
 */
import { isObject } from "../util/isObject";

/** The four lists of origins a resource may declare. */
export interface AppCspDeclaration {
  connectDomains: string[];
  resourceDomains: string[];
  frameDomains: string[];
  baseUriDomains: string[];
}

/** The browser features a resource may ask for (Permission Policy names in the `allow` attribute). */
export type AppPermission = "camera" | "microphone" | "geolocation" | "clipboardWrite";

export const APP_PERMISSIONS: readonly AppPermission[] = ["camera", "microphone", "geolocation", "clipboardWrite"];

const POLICY_FEATURE: Record<AppPermission, string> = {
  camera: "camera",
  microphone: "microphone",
  geolocation: "geolocation",
  clipboardWrite: "clipboard-write",
};

/** A declaration the host would not pass on, and why. */
export interface RefusedDeclaration {
  field: string;
  value: unknown;
  reason: string;
}

export interface AppPolicy {
  csp: AppCspDeclaration;
  permissions: AppPermission[];
  refused: RefusedDeclaration[];
}

const CSP_FIELDS: readonly (keyof AppCspDeclaration)[] = ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"];

/** The longest list of origins kept per field; a resource asking for more is refused the rest. */
const MAX_DOMAINS = 32;

/**
 * A CSP host-source naming one origin: http(s) or ws(s), a host (its first label may be `*` for any
 * subdomain), an optional port (or `*`), and nothing after it. Loopback and every other host are
 * allowed only because the resource named them.
 */
const ORIGIN = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?\/?$/i;

/** Why `value` is not an origin the host passes on, or undefined when it is one. */
export function originProblem(value: unknown): string | undefined {
  if (typeof value !== "string") return "not a string";
  if (value.length > 253) return "longer than a host name can be";
  if (!ORIGIN.test(value)) return "not an origin (scheme://host[:port]; only http, https, ws and wss; no keyword, path, quote or wildcard scheme)";
  return undefined;
}

/**
 * Reads `_meta.ui.csp` and `_meta.ui.permissions` of a resource's contents. Missing or malformed
 * fields mean "nothing declared", the restrictive default; each value refused is listed with why.
 */
export function readAppPolicy(ui: unknown): AppPolicy {
  const refused: RefusedDeclaration[] = [];
  const csp: AppCspDeclaration = { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] };
  const declared = isObject(ui) ? ui.csp : undefined;
  if (declared !== undefined && !isObject(declared)) refused.push({ field: "csp", value: declared, reason: "not an object" });
  for (const field of CSP_FIELDS) {
    const list = isObject(declared) ? declared[field] : undefined;
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      refused.push({ field: `csp.${field}`, value: list, reason: "not a list" });
      continue;
    }
    for (const value of list) {
      const problem = originProblem(value);
      if (problem) refused.push({ field: `csp.${field}`, value, reason: problem });
      else if (csp[field].length >= MAX_DOMAINS) refused.push({ field: `csp.${field}`, value, reason: `more than ${MAX_DOMAINS} origins` });
      else if (!csp[field].includes((value as string).replace(/\/$/, ""))) csp[field].push((value as string).replace(/\/$/, ""));
    }
  }
  const permissions: AppPermission[] = [];
  const asked = isObject(ui) ? ui.permissions : undefined;
  if (asked !== undefined && !isObject(asked)) refused.push({ field: "permissions", value: asked, reason: "not an object" });
  if (isObject(asked)) {
    for (const [name, value] of Object.entries(asked)) {
      if ((APP_PERMISSIONS as readonly string[]).includes(name) && isObject(value)) permissions.push(name as AppPermission);
      else refused.push({ field: `permissions.${name}`, value, reason: (APP_PERMISSIONS as readonly string[]).includes(name) ? "not an object" : "not a permission MCP Apps defines" });
    }
  }
  return { csp, permissions, refused };
}

/**
 * The policy for the app's document. The restrictive default of the specification when nothing is
 * declared; each directive opens only to the declared origins. `connect-src` has no 'self': the app's
 * own origin is the sandbox's, which serves nothing the app should fetch. `form-action 'none'` and
 * `worker-src 'none'` close two more ways out the specification does not name (a host may restrict more).
 */
export function buildAppCsp(csp: AppCspDeclaration): string {
  const list = (origins: string[], fallback: string): string => (origins.length > 0 ? origins.join(" ") : fallback);
  const resources = csp.resourceDomains.length > 0 ? ` ${csp.resourceDomains.join(" ")}` : "";
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline'${resources}`,
    `style-src 'self' 'unsafe-inline'${resources}`,
    `img-src 'self' data:${resources}`,
    `font-src 'self'${resources}`,
    `media-src 'self' data:${resources}`,
    `connect-src ${list(csp.connectDomains, "'none'")}`,
    `frame-src ${list(csp.frameDomains, "'none'")}`,
    "object-src 'none'",
    `base-uri ${list(csp.baseUriDomains, "'self'")}`,
    "form-action 'none'",
    "worker-src 'none'",
  ].join("; ");
}

/** The iframe `allow` attribute for the permissions granted (empty: none). */
export function buildAllowAttribute(permissions: readonly AppPermission[]): string {
  return permissions.map((p) => POLICY_FEATURE[p]).join("; ");
}

/**
 * The inner frame's `sandbox` flags: scripts and forms only. No `allow-same-origin` (the app's
 * document gets an opaque origin: no storage and no DOM of the sandbox page), no top navigation, no
 * popups, no modals, no downloads: links go through `ui/open-link`, which the user confirms.
 */
export const APP_SANDBOX_FLAGS = "allow-scripts allow-forms";
