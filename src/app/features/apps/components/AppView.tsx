import { useStore } from "zustand";
import { buildAllowAttribute } from "../../../../core/apps";
import { appLabel, appsActions, appsStore, type AppInstance } from "../appsStore";
import { useAppHost } from "../useAppHost";
import { AppPanel } from "./AppPanel";
import { AppCalls } from "./AppCalls";
import { LinkConfirm } from "./LinkConfirm";

/** The outer frame: the sandbox proxy page on the other origin, with scripts and its own origin only. */
const PROXY_SANDBOX = "allow-scripts allow-same-origin";

function Live({ app }: { app: AppInstance }) {
  const { frame, place, doc, link, host } = useAppHost(app);
  const close = (): void => {
    void (host.current ? host.current.teardown("closed by the user") : Promise.resolve()).then(() => appsActions.remove(app.id));
  };
  const fullscreen = app.displayMode === "fullscreen";
  return (
    <>
      <div className="app-actions">
        {fullscreen && (
          <button type="button" onClick={() => host.current?.setHostContext({ displayMode: "inline" }) ?? appsActions.update(app.id, { displayMode: "inline" })}>
            Exit full screen
          </button>
        )}
        <button type="button" onClick={close}>
          Close app
        </button>
      </div>
      {link && <LinkConfirm ask={link} app={appLabel(app)} />}
      {place.ok && doc && app.status === "running" && (
        <div className={`app-frame-box${fullscreen ? " is-fullscreen" : ""}${app.prefersBorder === false ? " no-border" : ""}`}>
          <iframe
            ref={frame}
            className="app-frame"
            title={`MCP App ${appLabel(app)}`}
            src={place.url}
            sandbox={PROXY_SANDBOX}
            allow={buildAllowAttribute(doc.policy.permissions)}
            referrerPolicy="no-referrer"
            style={{ height: fullscreen ? undefined : `${app.height ?? 160}px` }}
          />
        </div>
      )}
    </>
  );
}

/** One app: its frame while it runs, then why it stopped; its own calls and questions; its panel. */
export function AppView({ id }: { id: string }) {
  const app = useStore(appsStore, (s) => s.apps[id]);
  if (!app) return null;
  const live = app.status === "loading" || app.status === "running";
  return (
    <article className="app-view" aria-label={`App ${appLabel(app)}`} data-testid="app-view" data-status={app.status}>
      <header className="app-head">
        <strong>App {appLabel(app)}</strong>
        <code>{app.resourceUri}</code>
        <span className={`badge status-${app.status}`} data-testid="app-status">
          {app.status}
        </span>
        <span className="muted">opened by {app.toolName}</span>
        {!live && (
          <button type="button" onClick={() => appsActions.remove(app.id)}>
            Remove
          </button>
        )}
      </header>
      {app.reason && (
        <p className={app.status === "failed" ? "field-error" : "app-stopped"} role="status" data-testid="app-reason">
          {app.reason}
        </p>
      )}
      {live && <Live app={app} />}
      <AppCalls app={app} />
      <AppPanel app={app} />
    </article>
  );
}
