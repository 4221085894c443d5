import type { BridgeEndpoint } from "../../../core";
import type { AuthStore } from "../../features/auth/authStore";
import type { SignInWindow } from "./signInWindow";

// What sign-in (./signIn.ts) and its lazily loaded OAuth side (./oauthClient.ts) both speak of. In a file
// of their own so that the OAuth chunk does not import signIn.ts, which imports it: no import cycle.

export interface SignInDeps {
  store?: AuthStore;
  /** The app's callback page (redirect URI). */
  redirectUrl: string;
  /** The popup step; without it (tests without a page) the authorize step fails in words. */
  window?: SignInWindow;
  clientName?: string;
}

/** What the connection needs to build its transport's sign-in. */
export interface SignInTarget {
  url: string;
  /** The connection goes through the bridge. */
  viaBridge: boolean;
  bridge: BridgeEndpoint | undefined;
  fetch?: typeof fetch;
}
