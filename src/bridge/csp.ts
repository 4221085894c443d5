/**
 * The Content-Security-Policy of the built app, shared by its three ways of being served: the
 * `<meta http-equiv>` tag `npm run build` writes into index.html (for any static host), the header of
 * `npm start`'s app server and of `vite preview` (the e2e tests run every spec under it).
 *
 * No inline script, no script from anywhere but the app's own origin, and no eval: the forms validate
 * with an interpreting JSON Schema validator (src/app/lib/schemaValidator.ts), not one that compiles
 * each server's schema to a function. Styles come from the app's own CSS file
 * (React's `style` props go through the CSSOM, which CSP does not restrict). `connect-src` is open to
 * any http(s) URL: the user picks the servers to inspect. `frame-ancestors 'none'` is ignored in a
 * meta tag, so it is in the header only; X-Frame-Options DENY comes with it for older browsers.
 */
export const APP_CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' http: https:",
  "worker-src 'self'",
  // MCP Apps: the sandbox proxy page, on the other loopback name of the same port (a different origin;
  // src/app/features/apps/sandboxOrigin.ts). Frames from anywhere else stay refused.
  "frame-src http://127.0.0.1:* http://localhost:*",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
] as const;

/** For the `<meta http-equiv="Content-Security-Policy">` tag of the build. */
export const APP_CSP_META = APP_CSP_DIRECTIVES.join("; ");

/** The headers every server of the built app sends with it. */
export const APP_SECURITY_HEADERS = {
  "Content-Security-Policy": `${APP_CSP_META}; frame-ancestors 'none'`,
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Opener-Policy": "same-origin",
} as const;

/** The dev server's: Vite's dev client runs inline scripts, so only framing is refused there. */
export const DEV_SECURITY_HEADERS = {
  "Content-Security-Policy": "frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
} as const;

/** The MCP Apps sandbox proxy page, the one file of the build that may be framed. */
export const SANDBOX_PAGE = "/sandbox.html";

/**
 * Its headers: framed only by the inspector on this port under either loopback name, and no
 * script policy of its own, because the app's document (a srcdoc frame inside it) would inherit one
 * on top of the policy built from the app's declarations.
 */
export function sandboxHeaders(port: number): Record<string, string> {
  return {
    "Content-Security-Policy": `frame-ancestors http://127.0.0.1:${port} http://localhost:${port}`,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
  };
}
