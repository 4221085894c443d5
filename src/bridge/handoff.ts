import type { Plugin } from "vite";

/** The name of the meta element the page reads the bridge from (src/app/lib/bridgeEndpoint.ts). */
export const HANDOFF_META = "presa-bridge";

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** `<meta name="presa-bridge" content="{url, token}">`, escaped for an attribute. */
export function handoffMetaTag(url: string, token: string): string {
  return `<meta name="${HANDOFF_META}" content="${escapeAttribute(JSON.stringify({ url, token }))}" />`;
}

/**
 * Hands the bridge's URL and token to the page inside the HTML the dev server serves, so the token
 * is never part of a URL (no history entry, no access log, no Referer). Dev server only: a build
 * never contains a token. The HTML is readable only by the page's own origin (Vite refuses other
 * Hosts and other origins' CORS requests), the same boundary that protects the page itself.
 */
export function bridgeHandoffPlugin(bridge: { url: string; token: string }): Plugin {
  return {
    name: "presa-bridge-handoff",
    apply: "serve",
    transformIndexHtml: {
      order: "pre",
      handler: () => [{ tag: "meta", attrs: { name: HANDOFF_META, content: JSON.stringify({ url: bridge.url, token: bridge.token }) }, injectTo: "head" }],
    },
  };
}
