import { useConnection, useController, useLink } from "../../../session/context";
import { linkActions } from "../linkStore";

/** A link named a server URL: ask before connecting to it, with the full address in view. */
export function ConnectPrompt() {
  const controller = useController();
  const url = useLink((s) => s.pendingUrl);
  const status = useConnection((s) => s.status);
  if (!url || status !== "idle") return null;
  const dismiss = linkActions.dismissPendingUrl;
  return (
    <div className="connect-prompt" role="dialog" aria-label="Connect from link">
      <p>
        This link asks to connect to <code className="link-url">{url}</code>
      </p>
      <p>
        <strong>Connect to this server?</strong> Nothing is sent to it until you say so.
      </p>
      <div className="actions">
        <button
          type="button"
          onClick={() => {
            dismiss();
            void controller.connect();
          }}
        >
          Connect
        </button>
        <button type="button" onClick={dismiss}>
          Not now
        </button>
      </div>
    </div>
  );
}
