import { AuthFlowError, bridgeFetch, OAuthClient, type AuthStep, type HttpAuth } from "../../../core";
import type { AuthSettings, AuthStore } from "./authStore";
import { routedFetch } from "./routedFetch";
import type { SignInDeps, SignInTarget } from "./signIn";

// The OAuth side of sign-in, a chunk of its own: signIn.ts loads it on the first connect with sign-in
// on, so the first view carries none of the OAuth client (oauth4webapi, discovery, registration).

export interface SessionDeps extends SignInDeps {
  store: AuthStore;
  /** The page's current OAuth client (a later target or settings replace it). */
  current: () => OAuthClient | undefined;
}

/**
 * One server's sign-in for these settings: its OAuth client, whose steps, phase and status (never a
 * token) go to the store, and the transport's HttpAuth around it.
 */
export function openSession(deps: SessionDeps, target: SignInTarget, settings: AuthSettings): { client: OAuthClient; auth: HttpAuth } {
  const { store } = deps;
  const onStep = (step: AuthStep, all: readonly AuthStep[]): void => {
    const client = deps.current();
    store.setState((s) => {
      const next = { steps: [...all] };
      if (step.outcome === "failed") return { ...next, phase: "failed" as const, failure: { stage: step.stage, reason: step.error ?? step.title } };
      if ((step.stage === "token" || step.stage === "refresh") && step.outcome === "ok") {
        return { ...next, phase: "signed-in" as const, failure: undefined, ...(client ? { status: client.status } : {}) };
      }
      if (step.stage === "challenge" || step.stage === "step-up") return { ...next, phase: "signing-in" as const, failure: undefined };
      return s.phase === "waiting" ? next : { ...next, phase: "signing-in" as const };
    });
  };
  const client = newOAuthClient({ ...deps, onStep }, target, settings);
  const auth: HttpAuth = {
    // The connection's timers stand still while the person is in the sign-in window.
    humanWaits: client.humanWaits,
    wrapFetch: (inner) => {
      const wrapped = client.wrapFetch(inner);
      return async (input, init) => {
        try {
          return await wrapped(input, init);
        } catch (error) {
          if (error instanceof AuthFlowError && store.getState().phase !== "failed") store.setState({ phase: "failed", failure: { stage: error.stage, reason: error.reason } });
          throw error;
        } finally {
          // A refresh or a new sign-in changes the status; most requests do not (no re-render then).
          const status = client.status;
          if (deps.current() === client && JSON.stringify(status) !== JSON.stringify(store.getState().status)) store.setState({ status });
        }
      };
    },
  };
  return { client, auth };
}

/** One server's OAuth client for these settings: its requests routed direct or through the bridge (./routedFetch.ts). */
function newOAuthClient(deps: SignInDeps & { store: AuthStore; onStep: (step: AuthStep, all: readonly AuthStep[]) => void }, target: SignInTarget, settings: AuthSettings): OAuthClient {
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
