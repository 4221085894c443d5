import { useEffect, useState } from "react";
import { useController } from "../../../session/context";
import { pastedEndpoint, savePastedBridge } from "../../../lib/bridgeEndpoint";
import { useBridge } from "../../../session/context";

function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Where the bridge is and whether it answers. `npm start` hands it over in the page; with the static
 * build (or `npm run bridge`), the user pastes the URL and token it printed.
 */
export function BridgePanel() {
  const controller = useController();
  const status = useBridge((s) => s.status);
  const endpoint = useBridge((s) => s.endpoint);
  const source = useBridge((s) => s.source);
  const error = useBridge((s) => s.error);
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState(endpoint?.url ?? "http://127.0.0.1:");
  const [token, setToken] = useState("");
  const [problem, setProblem] = useState<string | undefined>(undefined);
  // Open while a pasted bridge is being checked or refused; closed once it answers.
  useEffect(() => {
    if (status === "ok") setOpen(false);
  }, [status]);
  const label = status === "ok" ? "Bridge: ready" : status === "checking" ? "Bridge: checking…" : status === "failed" ? "Bridge: unreachable" : "Bridge: none";

  return (
    <div className="bridge-panel">
      <button type="button" className="link" aria-expanded={open || status === "none"} onClick={() => setOpen(!open)} data-testid="bridge-status" data-status={status}>
        {label}
      </button>
      {(open || status === "none") && (
        <div className="headers-editor bridge-editor" role="group" aria-label="Bridge">
          {status === "none" && (
            <p className="muted">
              No bridge: start <code>npm start</code> (it hands the bridge to the page) or <code>npm run bridge</code> and paste its URL and token here.
            </p>
          )}
          {endpoint && (
            <p className="muted">
              {endpoint.url} ({source === "page" ? "handed over by the page" : "pasted"}){status === "failed" && error ? `: ${error.message}` : ""}
            </p>
          )}
          <form
            className="bridge-form"
            onSubmit={(e) => {
              e.preventDefault();
              const checked = pastedEndpoint(url, token);
              if (!checked.ok) return setProblem(checked.reason);
              setProblem(undefined);
              setOpen(true);
              savePastedBridge(sessionStore(), checked.endpoint);
              void controller.setBridge(checked.endpoint, "pasted");
              setToken("");
            }}
          >
            <input aria-label="Bridge URL" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="http://127.0.0.1:PORT" />
            <input aria-label="Bridge token" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} placeholder="token" />
            <button type="submit">Use bridge</button>
          </form>
          {problem && <p className="field-error">{problem}</p>}
          <p className="muted">The token is kept for this tab only (sessionStorage), never in a URL.</p>
        </div>
      )}
    </div>
  );
}
