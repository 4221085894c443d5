/**
 * The "redirect + wait for callback" step without a browser: follows the authorization server's
 * redirects (fetch with redirect "manual") until one points at the redirect URL, and returns that URL.
 * Enough for servers that authorize without a login page (the conformance suite's); a login page
 * needs a user agent that fills it (src/server/auth/signInAgent.ts does for the demo server).
 */
import type { AuthorizeStep } from "./oauth";

export interface RedirectFollowerOptions {
  fetch?: typeof fetch;
  /** Hops before giving up (default 10). */
  maxRedirects?: number;
}

/** True when `location` is the redirect URL (same origin and path; its query carries the answer). */
export function isCallback(location: string, redirectUrl: string): boolean {
  try {
    const a = new URL(location);
    const b = new URL(redirectUrl);
    return a.origin === b.origin && a.pathname === b.pathname;
  } catch {
    return false;
  }
}

export function redirectFollower(options: RedirectFollowerOptions = {}): AuthorizeStep {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const max = options.maxRedirects ?? 10;
  return async ({ url, redirectUrl, signal }) => {
    let current = url;
    for (let hop = 0; hop <= max; hop++) {
      if (isCallback(current, redirectUrl)) return current;
      const response = await fetchImpl(current, signal ? { redirect: "manual", signal } : { redirect: "manual" });
      const location = response.headers.get("location");
      await response.body?.cancel().catch(() => undefined);
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(`the authorization server answered HTTP ${response.status} at ${new URL(current).origin}${new URL(current).pathname} instead of redirecting back (it may need a person to sign in)`);
      }
      current = new URL(location, current).href;
    }
    throw new Error(`more than ${max} redirects without reaching the redirect URL`);
  };
}
