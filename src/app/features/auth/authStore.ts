import { createStore } from "zustand/vanilla";
import type { AuthStage, AuthStatus, AuthStep } from "../../../core";

/**
 * What the user chose for signing in (OAuth, MCP "Authorization"): app-wide and in memory only. The
 * client secret is typed here and nowhere else: it never reaches saved connections, deep links or
 * exports, and a reload forgets it.
 */
export interface AuthSettings {
  /** Sign in when a server answers 401 (off: a 401 fails at once with a "Sign in" prompt). */
  enabled: boolean;
  /** A client registered by hand, for servers without dynamic registration (empty: register). */
  clientId: string;
  clientSecret: string;
  /** How the pre-registered client authenticates at the token endpoint ("": basic when the server allows it, else post; none without a secret). */
  tokenEndpointAuthMethod: "" | "none" | "client_secret_basic" | "client_secret_post";
  /** Overrides the scope choice (empty: the challenge's, else scopes_supported, else none). */
  scope: string;
}

/** How one origin's sign-in requests (metadata, registration, tokens) were sent, and why. */
export interface AuthRoute {
  via: "direct" | "bridge";
  why: string;
}

/**
 * Where the sign-in stands:
 * - `off`: sign-in is off; `ready`: on, nothing asked yet;
 * - `signing-in`: discovery, registration or the token exchange is running;
 * - `waiting`: the sign-in window is open (or blocked) and the user has to sign in there;
 * - `signed-in`: a token is held (in memory); `failed`: a step failed (`failure` says which and why).
 */
export type AuthPhase = "off" | "ready" | "signing-in" | "waiting" | "signed-in" | "failed";

export interface AuthState {
  settings: AuthSettings;
  phase: AuthPhase;
  /** The server URL the steps and status belong to. */
  server: string | undefined;
  /** The guided log of the current server's sign-ins (redacted by the core). */
  steps: readonly AuthStep[];
  /** What may be shown of the sign-in: never a token. */
  status: AuthStatus | undefined;
  failure: { stage: AuthStage; reason: string } | undefined;
  /** The authorization URL the user must open, while waiting; `blocked` when the browser refused the popup. */
  pending: { url: string; blocked: boolean } | undefined;
  /** By origin: how the sign-in's own requests went. */
  routes: Readonly<Record<string, AuthRoute>>;
}

export const DEFAULT_AUTH_SETTINGS: AuthSettings = { enabled: false, clientId: "", clientSecret: "", tokenEndpointAuthMethod: "", scope: "" };

export function initialAuthState(settings: AuthSettings = DEFAULT_AUTH_SETTINGS): AuthState {
  return { settings, phase: settings.enabled ? "ready" : "off", server: undefined, steps: [], status: undefined, failure: undefined, pending: undefined, routes: {} };
}

/** A store factory (the app makes one in main.tsx; tests make their own). */
export function createAuthStore(settings?: AuthSettings) {
  return createStore<AuthState>()(() => initialAuthState(settings));
}

export type AuthStore = ReturnType<typeof createAuthStore>;
