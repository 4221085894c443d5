/**
 * The HTML documents of the demo and hostile servers' MCP Apps. A demo app runs the official App SDK
 * (its published `app-with-deps` bundle, unchanged but for its last statement) inline, because an
 * app's default policy allows inline scripts and nothing from elsewhere.
 */
import { APP_MIME_TYPE } from "../../core/protocol";

export { APP_MIME_TYPE };

/**
 * The SDK bundle as a module script that leaves its exports on `globalThis.McpAppsSdk`: inline
 * scripts cannot import one another, so the bundle's closing `export{a as App,...}` becomes an
 * assignment. A bundle that does not end that way is refused in words rather than half-run.
 */
export function sdkScript(source: string): string {
  const match = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(source);
  if (!match || match.index === undefined) throw new Error("the App SDK bundle does not end with its export list");
  const pairs = (match[1] ?? "").split(",").map((part) => part.trim()).filter(Boolean).map((part) => {
    const [local, exported] = part.split(/\s+as\s+/);
    return `${JSON.stringify(exported ?? local)}:${local}`;
  });
  if (source.includes("</script")) throw new Error("the App SDK bundle contains </script and cannot be inlined");
  return `${source.slice(0, match.index)}\nglobalThis.McpAppsSdk={${pairs.join(",")}};`;
}

/** A complete app document: the SDK (when given) then the app's own module, each inline. */
export function appPage(options: { title: string; style: string; body: string; sdk?: string; script: string }): string {
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8" />',
    `<title>${options.title}</title>`,
    `<style>${options.style}</style>`,
    "</head><body>",
    options.body,
    options.sdk === undefined ? "" : `<script type="module">${options.sdk}</script>`,
    `<script type="module">${options.script}</script>`,
    "</body></html>",
  ].join("\n");
}
