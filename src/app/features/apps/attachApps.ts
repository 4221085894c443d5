import { isObject, type CallHandle, type InputMethod } from "../../../core";
import { toolUi } from "../../../core/apps";
import type { Controller } from "../../session/controller";
import { appsActions, appsStore } from "./appsStore";

/** The app whose call is being started right now (set around controller.start, read by the callStarted listener). */
let starting: string | undefined;

/**
 * Starts a call for an app through the same controller.start as any call, so its questions, step
 * mode, canned answers and recording work as for every call. The client emits callStarted inside
 * start(), before it returns, so the listener below learns the call's app at that moment.
 */
export function startFromApp(controller: Controller, appId: string, method: InputMethod, params: Record<string, unknown>): CallHandle | undefined {
  starting = appId;
  try {
    return controller.start(method, params);
  } finally {
    starting = undefined;
  }
}

/**
 * Opens an app for each tools/call of a tool whose listing names a `ui://` resource
 * (`_meta.ui.resourceUri`), and marks the calls apps start as theirs. Apps of an earlier connection
 * stop when the connection changes: an app talks only to the server that served it. Returns the undo.
 */
export function attachApps(controller: Controller): () => void {
  const offEvents = controller.onClientEvent(({ event, connectionId }) => {
    if (event.type !== "callStarted") return;
    if (starting !== undefined) return appsActions.startedCall(starting, event.callId);
    if (event.method !== "tools/call" || typeof event.params.name !== "string") return;
    const ui = toolUi(controller.listedTool(event.params.name));
    if (!ui) return;
    appsActions.open({ callId: event.callId, connectionId, toolName: event.params.name, resourceUri: ui.resourceUri, args: isObject(event.params.arguments) ? event.params.arguments : {} });
  });
  const offConnection = controller.session.connection.subscribe((s, prev) => {
    if (s.connectionId === prev.connectionId) return;
    for (const app of Object.values(appsStore.getState().apps)) {
      if (app.connectionId !== s.connectionId && (app.status === "loading" || app.status === "running")) {
        appsActions.update(app.id, { status: "stopped", reason: "the connection that served this app was replaced" });
      }
    }
  });
  return () => {
    offEvents();
    offConnection();
  };
}
