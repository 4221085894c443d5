import { useState } from "react";
import { useAuth, useConnection, useController } from "../../../session/context";
import { describeAuth } from "../describe";
import { AuthSteps } from "./AuthSteps";
import "../auth.css";

/**
 * Sign-in (OAuth) for an HTTP target: the switch, the state in one line, the sign-in window's
 * buttons, a pre-registered client for servers without dynamic registration, and the guided steps.
 * A 401 with sign-in off shows a prompt with a "Sign in" action instead of leaving the user guessing.
 */
export function AuthPanel() {
  const controller = useController();
  const signIn = controller.signIn;
  const kind = useConnection((s) => s.settings.target.kind);
  const status = useConnection((s) => s.status);
  const errorStatus = useConnection((s) => s.error?.status);
  const auth = useAuth((s) => s);
  const [showClient, setShowClient] = useState(false);
  if (kind !== "url" && kind !== "bridge-http") return null;
  const enabled = auth.settings.enabled;
  const unauthorized = !enabled && status === "failed" && errorStatus === 401;
  const signInNow = (): void => {
    signIn.setSettings({ enabled: true });
    void controller.connect();
  };

  return (
    <section className="auth-panel" aria-label="Sign-in" data-phase={auth.phase}>
      {unauthorized && (
        <div className="auth-prompt" role="alert">
          <strong>This server requires sign-in (HTTP 401).</strong> Sign in with OAuth: a window opens at the server&apos;s authorization server, and you return here.
          <button type="button" onClick={signInNow}>
            Sign in
          </button>
        </div>
      )}
      <div className="auth-row">
        <label className="field inline">
          <input type="checkbox" checked={enabled} onChange={(e) => signIn.setSettings({ enabled: e.target.checked })} />
          <span>Sign in (OAuth)</span>
        </label>
        <span className="auth-state" data-testid="auth-state">
          {describeAuth(auth)}
        </span>
        {auth.phase === "waiting" && auth.pending && (
          <>
            <button type="button" onClick={() => signIn.reopen()}>
              Open sign-in window
            </button>
            <button type="button" onClick={() => signIn.cancel("the sign-in was cancelled")}>
              Cancel sign-in
            </button>
          </>
        )}
        {enabled && (auth.phase === "ready" || auth.phase === "failed") && status !== "connecting" && (
          <button type="button" onClick={() => void controller.connect()}>
            {auth.phase === "failed" ? "Try again" : "Sign in"}
          </button>
        )}
        {auth.status?.signedIn && (
          <button
            type="button"
            onClick={() => {
              signIn.signOut();
              void controller.disconnect("signed out");
            }}
          >
            Sign out
          </button>
        )}
        <button type="button" className="link" onClick={() => setShowClient(!showClient)} aria-expanded={showClient}>
          Client{auth.settings.clientId ? `: ${auth.settings.clientId}` : " (dynamic registration)"}
        </button>
      </div>
      {showClient && <ClientForm />}
      <AuthSteps open={auth.phase === "failed" || auth.phase === "signing-in" || auth.phase === "waiting"} />
    </section>
  );
}

/** A client registered by hand at the authorization server (for servers without dynamic registration), and the scope. */
function ClientForm() {
  const signIn = useController().signIn;
  const settings = useAuth((s) => s.settings);
  const [clientId, setClientId] = useState(settings.clientId);
  const [clientSecret, setClientSecret] = useState(settings.clientSecret);
  const [method, setMethod] = useState(settings.tokenEndpointAuthMethod);
  const [scope, setScope] = useState(settings.scope);
  return (
    <form
      className="auth-client"
      onSubmit={(e) => {
        e.preventDefault();
        signIn.setSettings({ clientId: clientId.trim(), clientSecret, tokenEndpointAuthMethod: method, scope: scope.trim() });
      }}
    >
      <label className="field">
        <span>Client ID</span>
        <input aria-label="Client ID" value={clientId} onChange={(e) => setClientId(e.target.value)} placeholder="empty: dynamic registration" autoComplete="off" />
      </label>
      <label className="field">
        <span>Client secret</span>
        <input aria-label="Client secret" type="password" value={clientSecret} onChange={(e) => setClientSecret(e.target.value)} placeholder="empty: public client" autoComplete="off" />
      </label>
      <label className="field">
        <span>Token endpoint auth</span>
        <select aria-label="Token endpoint auth" value={method} onChange={(e) => setMethod(e.target.value as typeof method)}>
          <option value="">auto (basic if offered, else post; none without a secret)</option>
          <option value="client_secret_basic">client_secret_basic</option>
          <option value="client_secret_post">client_secret_post</option>
          <option value="none">none (public client)</option>
        </select>
      </label>
      <label className="field">
        <span>Scope</span>
        <input aria-label="Scope" value={scope} onChange={(e) => setScope(e.target.value)} placeholder="empty: what the server asks for" autoComplete="off" />
      </label>
      <button type="submit">Apply</button>
      <p className="muted">Kept in this tab&apos;s memory only (never saved, exported or put in a link); applies on the next connect.</p>
    </form>
  );
}
