import { isObject, type CallHandle, type InputMethod } from "../../../core";
import { toolUi } from "../../../core/apps";
import type { Controller } from "../../session/controller";
import { appsActions, appsStore } from "./appsStore";
import { createReadAhead, pageReadAhead, readAheadOf } from "./readAhead";

/** The `ui://` documents a tools/list result names, in listing order (each tool's `_meta.ui`, checked as for a call). */
export function listedAppUris(result: unknown): string[] {
  const tools = isObject(result) && Array.isArray(result.tools) ? result.tools : [];
  const uris: string[] = [];
  for (const tool of tools) {
    const ui = isObject(tool) ? toolUi(tool) : undefined;
    if (ui) uris.push(ui.resourceUri);
  }
  return uris;
}

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
 * stop when the connection changes: an app talks only to the server that served it. A listing with
 * apps fetches ahead the host's chunk (`fetchAhead`) and the first apps' documents. Returns the undo.
 */
export function attachApps(controller: Controller, fetchAhead: () => Promise<unknown>): () => void {
  const reads = createReadAhead((uri) => controller.readAhead(uri));
  pageReadAhead(reads);
  let chunk: Promise<unknown> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A listing with apps: the host's chunk and the first apps' documents are fetched ahead, after the
  // listing is handled (a timer task, not inside the client's frame handling), so the first app
  // opens without waiting for its chunk or its read.
  const listed = (connectionId: number, uris: string[]): void => {
    // Sticky for the connection: a listing comes in pages, and one page without apps says nothing of the others.
    if (uris.length === 0) return;
    if (!appsStore.getState().listsApps) appsStore.setState({ listsApps: true });
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (controller.session.connection.getState().connectionId !== connectionId) return;
      chunk ??= fetchAhead().catch(() => (chunk = undefined));
      reads.listed(connectionId, uris);
    }, 0);
  };
  const offEvents = controller.onClientEvent(({ event, connectionId }) => {
    if (event.type === "frame") {
      const { frame } = event;
      if (frame.direction === "in" && frame.method === "tools/list" && frame.message && "result" in frame.message) listed(connectionId, listedAppUris(frame.message.result));
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
    if (appsStore.getState().listsApps) appsStore.setState({ listsApps: false });
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
    offEvents();
    offConnection();
  };
}
