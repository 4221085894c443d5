import { isCallback, type AuthorizeStep } from "../../../core";

/** The channel the callback page (public/oauth-callback.js) posts the callback URL on. */
export const CALLBACK_CHANNEL = "presa-oauth-callback";
/** The message it posts, on the channel and to its opener. */
export const CALLBACK_MESSAGE = "presa-oauth-callback";
export { CALLBACK_PAGE, callbackUrl } from "./callbackPage";

/** How long the sign-in window may stay open before the sign-in gives up (the demo's interaction lasts 10 min). */
export const SIGN_IN_TIMEOUT_MS = 10 * 60_000;

export interface SignInWindowDeps {
  /** Opens the authorization URL in a popup; null/undefined when the browser blocked it. */
  open(url: string): unknown;
  /** Subscribes to callback URLs the callback page reports (already checked to come from this origin); returns the undo. */
  listen(onCallback: (url: string) => void): () => void;
  /** The user must act: the URL to open (blocked: only a click may open it), or undefined when done. */
  onPending(pending: { url: string; blocked: boolean } | undefined): void;
  timeoutMs?: number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export interface SignInWindow {
  /** The core's "send the user there and wait for the callback" step. */
  authorize: AuthorizeStep;
  /** Opens the pending sign-in window again (a click: allowed where the automatic open was blocked). */
  reopen(): void;
  /** Gives up the sign-in that is waiting, with this reason (the step log and the connection say it). */
  cancel(reason: string): void;
}

/**
 * The browser's authorize step: the authorization server's pages open in a popup, which ends at the
 * app's callback page; that page reports the callback URL back (BroadcastChannel, and postMessage to
 * an opener it still has), and only a URL at the redirect URL with this sign-in's `state` is taken.
 * Nothing hangs: Cancel, a reconnect, or the time limit ends the wait with a reason.
 */
export function signInWindow(deps: SignInWindowDeps): SignInWindow {
  const setTimer = deps.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clearTimer = deps.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>));
  let current: { url: string; fail: (reason: string) => void } | undefined;

  const authorize: AuthorizeStep = ({ url, redirectUrl, signal }) =>
    new Promise<string>((resolve, reject) => {
      current?.fail("a new sign-in started");
      const state = new URL(url).searchParams.get("state");
      let done = false;
      const finish = (): void => {
        done = true;
        unlisten();
        clearTimer(timer);
        signal?.removeEventListener("abort", onAbort);
        if (current === entry) current = undefined;
        deps.onPending(undefined);
      };
      const entry = {
        url,
        fail: (reason: string) => {
          if (done) return;
          finish();
          reject(new Error(reason));
        },
      };
      current = entry;
      const unlisten = deps.listen((callback) => {
        if (done || !isCallback(callback, redirectUrl)) return;
        let got: string | null;
        try {
          got = new URL(callback).searchParams.get("state");
        } catch {
          return;
        }
        // Another tab's (or an older) sign-in: not this one's answer.
        if (state !== null && got !== state) return;
        finish();
        resolve(callback);
      });
      const minutes = Math.round((deps.timeoutMs ?? SIGN_IN_TIMEOUT_MS) / 60_000);
      const timer = setTimer(() => entry.fail(`nobody finished signing in within ${minutes} minutes`), deps.timeoutMs ?? SIGN_IN_TIMEOUT_MS);
      const onAbort = (): void => entry.fail("the sign-in was cancelled");
      signal?.addEventListener("abort", onAbort, { once: true });
      const opened = deps.open(url);
      deps.onPending({ url, blocked: opened === null || opened === undefined });
    });

  return {
    authorize,
    reopen: () => {
      if (!current) return;
      const opened = deps.open(current.url);
      deps.onPending({ url: current.url, blocked: opened === null || opened === undefined });
    },
    cancel: (reason) => current?.fail(reason),
  };
}

/** Is this (from the callback page) a callback report? Returns its URL. */
export function callbackUrlOf(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const record = data as Record<string, unknown>;
  return record.type === CALLBACK_MESSAGE && typeof record.url === "string" ? record.url : undefined;
}

/**
 * The page's side: listens for the callback page on the BroadcastChannel (same origin by
 * construction) and on window messages from this origin only.
 */
export function browserCallbackListener(win: Window): (onCallback: (url: string) => void) => () => void {
  return (onCallback) => {
    const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CALLBACK_CHANNEL) : undefined;
    const onChannel = (event: MessageEvent): void => {
      const url = callbackUrlOf(event.data);
      if (url !== undefined) onCallback(url);
    };
    const onMessage = (event: MessageEvent): void => {
      if (event.origin !== win.location.origin) return;
      const url = callbackUrlOf(event.data);
      if (url !== undefined) onCallback(url);
    };
    channel?.addEventListener("message", onChannel);
    win.addEventListener("message", onMessage);
    return () => {
      channel?.close();
      win.removeEventListener("message", onMessage);
    };
  };
}
