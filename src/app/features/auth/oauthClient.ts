import { AuthFlowError, bridgeFetch, OAuthClient, type AuthStage, type AuthStep } from "../../../core";
import type { AuthSettings, AuthStore } from "./authStore";
import { routedFetch } from "./routedFetch";
import type { SignInDeps, SignInTarget } from "./signIn";

// The OAuth side of sign-in, a chunk of its own: signIn.ts loads it on the first connect with sign-in
// on, so the first view carries none of the OAuth client (oauth4webapi, discovery, registration).

export interface OAuthClientDeps extends SignInDeps {
  store: AuthStore;
  onStep: (step: AuthStep, all: readonly AuthStep[]) => void;
}

/** One server's OAuth client for these settings: its requests routed direct or through the bridge (./routedFetch.ts). */
export function newOAuthClient(deps: OAuthClientDeps, target: SignInTarget, settings: AuthSettings): OAuthClient {
  const { store } = deps;
  const fetchFn = target.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const clientId = settings.clientId.trim();
  return new OAuthClient({
    redirectUrl: deps.redirectUrl,
    applicationType: "web",
    clientName: deps.clientName ?? "presa inspector",
    authorize: (request) => {
      if (!deps.window) return Promise.reject(new Error("this page cannot open a sign-in window"));
      store.setState({ phase: "waiting" });
      return deps.window.authorize(request).finally(() => {
        if (store.getState().phase === "waiting") store.setState({ phase: "signing-in" });
      });
    },
    fetch: routedFetch({
      direct: fetchFn,
      bridge: target.bridge ? bridgeFetch(target.bridge, fetchFn) : undefined,
      viaBridge: target.viaBridge,
      onRoute: (origin, route) => store.setState((s) => ({ routes: { ...s.routes, [origin]: route } })),
    }),
    ...(clientId
      ? {
          preRegistered: {
            clientId,
            ...(settings.clientSecret ? { clientSecret: settings.clientSecret } : {}),
            ...(settings.tokenEndpointAuthMethod ? { tokenEndpointAuthMethod: settings.tokenEndpointAuthMethod } : {}),
          },
        }
      : {}),
    ...(settings.scope.trim() ? { scope: settings.scope.trim() } : {}),
    onStep: deps.onStep,
  });
}

/** Where and why a sign-in failed, when `error` is the OAuth client's; undefined for anything else. */
export function authFailure(error: unknown): { stage: AuthStage; reason: string } | undefined {
  return error instanceof AuthFlowError ? { stage: error.stage, reason: error.reason } : undefined;
}
