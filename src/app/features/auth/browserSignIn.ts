import { createAuthStore } from "./authStore";
import { createSignIn, type SignIn } from "./signIn";
import { browserCallbackListener, callbackUrl, signInWindow } from "./signInWindow";

/** The popup's size: the authorization server's pages, not the whole screen. */
const POPUP_FEATURES = "popup,width=520,height=720";

/**
 * The page's sign-in (made once by main.tsx): the authorization server's pages open in a popup that
 * returns to the app's callback page (oauth-callback.html beside index.html).
 */
export function browserSignIn(win: Window): SignIn {
  const store = createAuthStore();
  const window = signInWindow({
    open: (url) => win.open(url, "presa-sign-in", POPUP_FEATURES),
    listen: browserCallbackListener(win),
    onPending: (pending) => store.setState({ pending }),
  });
  return createSignIn({ store, redirectUrl: callbackUrl(win.document.baseURI), window });
}
