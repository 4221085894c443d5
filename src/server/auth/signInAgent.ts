/**
 * A user agent for the demo authorization server's own pages, for Node tests and scripts: follows
 * redirects with a cookie jar, fills the login form with the test user and answers the consent page
 * (allow, or deny to see a refused sign-in). The browser does this for real in the app.
 */
import { type AuthorizeStep, isCallback } from "../../core/protocol";
import { TEST_USER } from "./authorizationServer";

export interface SignInAgentOptions {
  fetch?: typeof fetch;
  username?: string;
  password?: string;
  /** What to press on the consent page (default allow). */
  consent?: "allow" | "deny";
  /** Each page visited, for tests that check the consent page was shown. */
  onPage?: (page: { url: string; step: string }) => void;
}

export function signInAgent(options: SignInAgentOptions = {}): AuthorizeStep {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const cookies = new Map<string, string>();
  const remember = (response: Response): void => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair?.indexOf("=") ?? -1;
      if (pair && eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
  };
  const cookieHeader = (): string => [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");

  return async ({ url, redirectUrl, signal }) => {
    let next: { url: string; method: "GET" | "POST"; body?: string } = { url, method: "GET" };
    for (let hop = 0; hop < 25; hop++) {
      if (isCallback(next.url, redirectUrl)) return next.url;
      const headers: Record<string, string> = { cookie: cookieHeader() };
      if (next.body !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
      const init: RequestInit = { method: next.method, headers, redirect: "manual", ...(next.body !== undefined ? { body: next.body } : {}), ...(signal ? { signal } : {}) };
      const response = await fetchImpl(next.url, init);
      remember(response);
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        next = { url: new URL(location, next.url).href, method: "GET" };
        continue;
      }
      const html = await response.text();
      const form = (step: string): string | undefined => new RegExp(`<form method="post" action="([^"]+)" data-step="${step}"`).exec(html)?.[1];
      const login = form("login");
      const consent = form(options.consent === "deny" ? "deny" : "consent");
      if (response.ok && login) {
        options.onPage?.({ url: next.url, step: "login" });
        const body = new URLSearchParams({ username: options.username ?? TEST_USER.username, password: options.password ?? TEST_USER.password });
        next = { url: new URL(login.replace(/&amp;/g, "&"), next.url).href, method: "POST", body: body.toString() };
        continue;
      }
      if (response.ok && consent) {
        options.onPage?.({ url: next.url, step: options.consent === "deny" ? "deny" : "consent" });
        next = { url: new URL(consent.replace(/&amp;/g, "&"), next.url).href, method: "POST", body: "allow=yes" };
        continue;
      }
      throw new Error(`the sign-in page at ${new URL(next.url).pathname} answered HTTP ${response.status} with no form to fill: ${html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim().slice(0, 200)}`);
    }
    throw new Error("too many steps without reaching the redirect URL");
  };
}
