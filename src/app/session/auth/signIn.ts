import type { HttpAuth, OAuthClient } from "../../../core";
import { lazyChunk } from "../../lib/lazyChunk";
import { createAuthStore, type AuthSettings } from "../../features/auth/authStore";
import type { SignInDeps, SignInTarget } from "./signInTypes";

/** The OAuth client and its fetch routing (./oauthClient.ts): a chunk of its own, loaded on the first connect with sign-in on. */
const loadOAuth = lazyChunk("sign-in (OAuth)", () => import("./oauthClient"));

function keyOf(target: SignInTarget, settings: AuthSettings): string {
  return JSON.stringify([target.url, target.viaBridge, target.bridge?.url ?? "", settings.clientId, settings.clientSecret, settings.tokenEndpointAuthMethod, settings.scope]);
}

/**
 * The app's sign-in (app-wide, one per page, held by the controller): one OAuthClient per server and
 * settings, kept across reconnects so a reconnect does not sign in again. Tokens live only inside
 * that OAuthClient, in memory; the store gets the redacted step log, the phase and a status without
 * tokens, which is all the UI reads.
 */
export function createSignIn(deps: SignInDeps) {
  const store = deps.store ?? createAuthStore();
  let current: { key: string; client: OAuthClient; auth: HttpAuth } | undefined;

  /**
   * The transport's sign-in for this target, or undefined when sign-in is off. The OAuth code is
   * loaded the first time sign-in is on for a connect; a failed load fails that connect in words.
   */
  async function httpAuth(target: SignInTarget): Promise<HttpAuth | undefined> {
    const settings = store.getState().settings;
    if (!settings.enabled) return undefined;
    const key = keyOf(target, settings);
    const oauth = await loadOAuth();
    if (current?.key !== key) {
      const opened = oauth.openSession({ ...deps, store, current: () => current?.client }, target, settings);
      current = { key, ...opened };
      store.setState({ phase: "ready", server: target.url, steps: [], status: undefined, failure: undefined, pending: undefined, routes: {} });
    }
    return current.auth;
  }

  return {
    store,
    httpAuth,
    /** Turns sign-in on or off, or changes the client; takes effect on the next connect. */
    setSettings(patch: Partial<AuthSettings>): void {
      store.setState((s) => {
        const settings = { ...s.settings, ...patch };
        return { settings, ...(settings.enabled ? (s.phase === "off" ? { phase: "ready" as const } : {}) : { phase: "off" as const, pending: undefined }) };
      });
      if (patch.enabled === false) deps.window?.cancel("sign-in was turned off");
    },
    /** Forgets the tokens (the registration stays); the next request needs a new sign-in. */
    signOut(): void {
      deps.window?.cancel("signed out");
      current?.client.signOut();
      store.setState((s) => ({ status: current?.client.status, phase: s.settings.enabled ? "ready" : "off", failure: undefined, pending: undefined }));
    },
    /** Opens the waiting sign-in window again (a click, where the browser blocked the automatic one). */
    reopen: () => deps.window?.reopen(),
    /** Gives up a sign-in that waits for the user. */
    cancel: (reason = "the sign-in was cancelled") => deps.window?.cancel(reason),
  };
}

export type SignIn = ReturnType<typeof createSignIn>;
