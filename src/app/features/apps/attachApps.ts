import { isObject, type CallHandle, type InputMethod } from "../../../core";
import { toolUi } from "../../../core/apps";
import type { Controller } from "../../session/controller";
import { appsActions, appsStore } from "./appsStore";
import { uiStore } from "../../stores/uiStore";
import { createReadAhead, pageReadAhead, readAheadOf } from "./readAhead";

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
 * stop when the connection changes: an app talks only to the server that served it. Choosing a tool
 * with an app fetches ahead the host's chunk (`fetchAhead`), that app's document and a warm sandbox.
 * Returns the undo.
 */
export function attachApps(controller: Controller, fetchAhead: () => Promise<unknown>): () => void {
  const reads = createReadAhead((uri) => controller.readAhead(uri));
  pageReadAhead(reads);
  let chunk: Promise<unknown> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The user chose a tool with an app in the catalog or the palette: they are about to call it, so
  // its app's parts are fetched now, while they look at its arguments, and the first paint does not
  // wait for them. Not on the listing itself: most pages never open an app, and a server that lists
  // many is not read from, nor the page made heavier, for apps nobody asked for. In a timer task, not
  // inside the click or the client's frame handling.
  const chosen = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      const selection = uiStore.getState().selection;
      if (selection?.kind !== "tool") return;
      const ui = toolUi(controller.listedTool(selection.name));
      const { connectionId, status } = controller.session.connection.getState();
      if (!ui || connectionId === undefined || status !== "connected") return;
      if (!appsStore.getState().warm) appsStore.setState({ warm: true });
      chunk ??= fetchAhead().catch(() => (chunk = undefined));
      reads.want(connectionId, ui.resourceUri);
    }, 0);
  };
  const offSelection = uiStore.subscribe((s, prev) => {
    if (s.selection !== prev.selection) chosen();
  });
  const offEvents = controller.onClientEvent(({ event, connectionId }) => {
    if (event.type === "frame") {
      const { frame } = event;
      // A tool chosen before its listing arrived (the selection is kept across a reconnect) counts once it is listed.
      if (frame.direction === "in" && frame.method === "tools/list" && frame.message && "result" in frame.message) chosen();
      return;
    }
    if (event.type === "notification") {
      if (event.method === "notifications/resources/list_changed") reads.changed();
      else if (event.method === "notifications/resources/updated" && typeof event.params?.uri === "string") reads.changed(event.params.uri);
      return;
    }
    if (event.type !== "callStarted") return;
    if (starting !== undefined) return appsActions.startedCall(starting, event.callId);
    if (event.method !== "tools/call" || typeof event.params.name !== "string") return;
    const ui = toolUi(controller.listedTool(event.params.name));
    if (!ui) return;
    appsActions.open({ callId: event.callId, connectionId, toolName: event.params.name, resourceUri: ui.resourceUri, args: isObject(event.params.arguments) ? event.params.arguments : {} });
  });
  const offConnection = controller.session.connection.subscribe((s, prev) => {
    if (s.connectionId === prev.connectionId && s.status === "connected") return;
    reads.reset();
    if (appsStore.getState().warm) appsStore.setState({ warm: false });
    if (s.connectionId === prev.connectionId) return;
    for (const app of Object.values(appsStore.getState().apps)) {
      if (app.connectionId !== s.connectionId && (app.status === "loading" || app.status === "running")) {
        appsActions.update(app.id, { status: "stopped", reason: "the connection that served this app was replaced" });
      }
    }
  });
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    if (readAheadOf() === reads) pageReadAhead(undefined);
    offSelection();
    offEvents();
    offConnection();
  };
}
