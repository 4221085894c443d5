// The sign-in window's last page (the app's OAuth redirect URI; src/app/session/auth/signInWindow.ts).
// It hands the callback URL (code, state, iss) to the app tab that is waiting, then closes. The app
// takes it only when it is at this page's URL and carries the state of the sign-in it started.
// A BroadcastChannel reaches the app even when the authorization server's pages cut the opener link
// (the app is served with Cross-Origin-Opener-Policy: same-origin); postMessage to an opener that is
// still there goes to this origin only. Nothing is stored, and the code leaves this page's address.
(function () {
  "use strict";
  var message = { type: "presa-oauth-callback", url: window.location.href };
  var status = document.getElementById("status");
  var sent = false;
  try {
    if (typeof BroadcastChannel === "function") {
      var channel = new BroadcastChannel("presa-oauth-callback");
      channel.postMessage(message);
      channel.close();
      sent = true;
    }
  } catch {
    // fall through to the opener
  }
  try {
    if (window.opener && window.opener !== window) {
      window.opener.postMessage(message, window.location.origin);
      sent = true;
    }
  } catch {
    // the opener is gone or of another origin
  }
  try {
    window.history.replaceState(null, "", window.location.pathname);
  } catch {
    // keep going: the page closes anyway
  }
  if (status) {
    status.textContent = sent
      ? "Signed in: you can close this window and return to presa inspector."
      : "This browser could not hand the sign-in back to presa inspector (no BroadcastChannel and no opener). Close this window and try again.";
  }
  window.setTimeout(function () {
    window.close();
  }, 50);
})();
