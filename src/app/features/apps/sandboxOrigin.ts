/**
 * Where the MCP Apps sandbox proxy page is served: the same build (public/sandbox.html) under the
 * other loopback name of the same port, `localhost` for a page on `127.0.0.1` and the reverse. Two
 * host names are two origins, which is what the specification's web-host section asks of the proxy
 * ("The Host and the Sandbox MUST have different origins"), without a second server or port: `npm
 * start`, `vite preview` and `npm run dev` serve that page framable by the inspector's two names
 * (src/bridge/csp.ts, sandboxHeaders), and any static server on loopback answers both names.
 *
 * A page served under another name has no second name to use: then apps are not rendered, and the
 * reason says so.
 */
export type SandboxPlace = { ok: true; origin: string; url: string } | { ok: false; reason: string };

export function sandboxPlace(location: Pick<Location, "protocol" | "hostname" | "port" | "pathname" | "origin">): SandboxPlace {
  const other = location.hostname === "127.0.0.1" ? "localhost" : location.hostname === "localhost" ? "127.0.0.1" : undefined;
  if (!other) {
    return { ok: false, reason: `apps render in a sandbox on a second origin; the inspector knows one for 127.0.0.1 and localhost (each the other's), not for ${location.hostname}` };
  }
  const origin = `${location.protocol}//${other}${location.port ? `:${location.port}` : ""}`;
  const folder = location.pathname.replace(/[^/]*$/, "");
  return { ok: true, origin, url: `${origin}${folder}sandbox.html#host=${encodeURIComponent(location.origin)}` };
}
