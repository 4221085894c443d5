import { lazyChunk } from "../../lib/lazyChunk";
import { createAuthStore } from "./authStore";
import { callbackUrl } from "../../session/auth/callbackPage";
import { createSignIn, type SignIn } from "../../session/auth/signIn";
import type { SignInWindow } from "../../session/auth/signInWindow";

/** The popup's size: the authorization server's pages, not the whole screen. */
const POPUP_FEATURES = "popup,width=520,height=720";

/**
 * The page's sign-in (made once by main.tsx): the authorization server's pages open in a popup that
 * returns to the app's callback page (oauth-callback.html beside index.html). The popup's code
 * (../../session/auth/signInWindow.ts) is loaded when a sign-in first sends the user there; until then there is no
 * window to cancel or reopen.
 */
export function browserSignIn(win: Window): SignIn {
  const store = createAuthStore();
  let made: SignInWindow | undefined;
  const load = lazyChunk("the sign-in window", () =>
    import("../../session/auth/signInWindow").then((m) =>
      (made ??= m.signInWindow({
        open: (url) => win.open(url, "presa-sign-in", POPUP_FEATURES),
        listen: m.browserCallbackListener(win),
        onPending: (pending) => store.setState({ pending }),
      })),
    ),
  );
  const window: SignInWindow = {
    authorize: (request) => load().then((w) => w.authorize(request)),
    reopen: () => made?.reopen(),
    cancel: (reason) => made?.cancel(reason),
  };
  return createSignIn({ store, redirectUrl: callbackUrl(win.document.baseURI), window });
}
