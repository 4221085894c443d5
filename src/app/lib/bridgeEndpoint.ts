import type { BridgeEndpoint } from "../../core";

/** The meta element `npm start` injects (src/bridge/handoff.ts). */
export const HANDOFF_META = "presa-bridge";
/** Where a pasted bridge is kept for this tab: it survives a reload, not the tab. */
export const PASTED_KEY = "presa.bridge.v1";

function isEndpoint(value: unknown): value is BridgeEndpoint {
  return typeof value === "object" && value !== null && typeof (value as BridgeEndpoint).url === "string" && typeof (value as BridgeEndpoint).token === "string";
}

/** Reads the bridge the dev server handed over, and removes the element so the token is not left in the DOM. */
export function readPageBridge(doc: Pick<Document, "querySelector"> | undefined): BridgeEndpoint | undefined {
  const meta = doc?.querySelector(`meta[name="${HANDOFF_META}"]`);
  const content = meta?.getAttribute("content");
  meta?.remove();
  if (!content) return undefined;
  try {
    const value: unknown = JSON.parse(content);
    return isEndpoint(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function loadPastedBridge(storage: Pick<Storage, "getItem"> | undefined): BridgeEndpoint | undefined {
  try {
    const value: unknown = JSON.parse(storage?.getItem(PASTED_KEY) ?? "null");
    return isEndpoint(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function savePastedBridge(storage: Pick<Storage, "setItem" | "removeItem"> | undefined, endpoint: BridgeEndpoint | undefined): void {
  try {
    if (endpoint) storage?.setItem(PASTED_KEY, JSON.stringify(endpoint));
    else storage?.removeItem(PASTED_KEY);
  } catch {
    // storage disabled: the bridge is kept for this page only
  }
}

/** Normalises what the user pasted: a URL (defaulting to http://) and a token with whitespace trimmed. */
export function pastedEndpoint(url: string, token: string): { ok: true; endpoint: BridgeEndpoint } | { ok: false; reason: string } {
  const u = url.trim();
  const t = token.trim().replace(/^Bearer\s+/i, "");
  let parsed: URL;
  try {
    parsed = new URL(/^[a-z]+:\/\//i.test(u) ? u : `http://${u}`);
  } catch {
    return { ok: false, reason: "the bridge URL is not a URL" };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return { ok: false, reason: "the bridge URL must be http(s)" };
  if (t === "") return { ok: false, reason: "paste the token the bridge printed" };
  return { ok: true, endpoint: { url: parsed.origin, token: t } };
}
