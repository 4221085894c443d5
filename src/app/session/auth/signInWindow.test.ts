import { describe, expect, it } from "vitest";
import { callbackUrl, callbackUrlOf, signInWindow, type SignInWindowDeps } from "./signInWindow";

const REDIRECT = "http://127.0.0.1:5173/oauth-callback.html";
const AUTHORIZE = "http://as.test/auth?client_id=c&state=s123&code_challenge=x";

function harness(options: { blocked?: boolean; timeoutMs?: number } = {}) {
  const listeners = new Set<(url: string) => void>();
  const opened: string[] = [];
  const pending: ({ url: string; blocked: boolean } | undefined)[] = [];
  const deps: SignInWindowDeps = {
    open: (url) => {
      opened.push(url);
      return options.blocked ? null : {};
    },
    listen: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    onPending: (p) => pending.push(p),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  };
  return { win: signInWindow(deps), opened, pending, post: (url: string) => [...listeners].forEach((l) => l(url)), listeners };
}

describe("signInWindow: the popup and the callback page", () => {
  it("opens the authorization URL and takes only this sign-in's callback at the redirect URL", async () => {
    const h = harness();
    const result = h.win.authorize({ url: AUTHORIZE, redirectUrl: REDIRECT });
    expect(h.opened).toEqual([AUTHORIZE]);
    expect(h.pending.at(-1)).toEqual({ url: AUTHORIZE, blocked: false });
    h.post("http://127.0.0.1:5173/elsewhere?code=1&state=s123"); // not the callback page
    h.post(`${REDIRECT}?code=1&state=other`); // another sign-in's
    h.post(`${REDIRECT}?code=good&state=s123&iss=http%3A%2F%2Fas.test`);
    await expect(result).resolves.toBe(`${REDIRECT}?code=good&state=s123&iss=http%3A%2F%2Fas.test`);
    expect(h.pending.at(-1)).toBeUndefined();
    expect(h.listeners.size).toBe(0);
  });

  it("a blocked popup is pending with blocked: true, and reopen (a click) opens it", async () => {
    const h = harness({ blocked: true });
    const result = h.win.authorize({ url: AUTHORIZE, redirectUrl: REDIRECT });
    expect(h.pending.at(-1)).toEqual({ url: AUTHORIZE, blocked: true });
    h.win.reopen();
    expect(h.opened).toEqual([AUTHORIZE, AUTHORIZE]);
    h.post(`${REDIRECT}?code=c&state=s123`);
    await expect(result).resolves.toContain("code=c");
  });

  it("never hangs: cancel and the time limit end the wait with a reason", async () => {
    const h = harness();
    const cancelled = h.win.authorize({ url: AUTHORIZE, redirectUrl: REDIRECT });
    h.win.cancel("the sign-in was cancelled");
    await expect(cancelled).rejects.toThrow("the sign-in was cancelled");
    const slow = harness({ timeoutMs: 30 });
    await expect(slow.win.authorize({ url: AUTHORIZE, redirectUrl: REDIRECT })).rejects.toThrow(/within 0 minutes|nobody finished signing in/);
    const aborted = new AbortController();
    const h3 = harness();
    const p = h3.win.authorize({ url: AUTHORIZE, redirectUrl: REDIRECT, signal: aborted.signal });
    aborted.abort();
    await expect(p).rejects.toThrow(/cancelled/);
  });

  it("a new sign-in ends the one still waiting", async () => {
    const h = harness();
    const first = h.win.authorize({ url: AUTHORIZE, redirectUrl: REDIRECT });
    const second = h.win.authorize({ url: AUTHORIZE.replace("s123", "s456"), redirectUrl: REDIRECT });
    await expect(first).rejects.toThrow(/a new sign-in started/);
    h.post(`${REDIRECT}?code=c&state=s456`);
    await expect(second).resolves.toContain("state=s456");
  });

  it("reads the callback page's message and puts the callback page beside index.html", () => {
    expect(callbackUrlOf({ type: "presa-oauth-callback", url: "http://x/" })).toBe("http://x/");
    expect(callbackUrlOf({ type: "other", url: "http://x/" })).toBeUndefined();
    expect(callbackUrlOf("presa-oauth-callback")).toBeUndefined();
    expect(callbackUrl("http://127.0.0.1:4173/sub/index.html?x=1")).toBe("http://127.0.0.1:4173/sub/oauth-callback.html");
    expect(callbackUrl("http://127.0.0.1:4173/")).toBe("http://127.0.0.1:4173/oauth-callback.html");
  });
});
