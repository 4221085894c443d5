import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { McpError, type InputMethod } from "../../../core";
import { AppHost, SANDBOX_PROXY_READY, SANDBOX_RESOURCE_READY, SANDBOX_VIOLATION, appDocument, readAppResource, type AppHostEvent, type AppPolicy, type AppRefusal } from "../../../core/apps";
import { useController } from "../../session/context";
import type { Controller } from "../../session/controller";
import { appLabel, appsActions, type AppInstance, type AppNote } from "./appsStore";
import { startFromApp } from "./attachApps";
import { readAheadOf } from "./readAhead";
import { sandboxPlace } from "./sandboxOrigin";

/** The tallest an app may make itself; a taller size-changed is capped (and the cap reported). */
export const APP_MAX_HEIGHT = 1200;
/** User Timing mark at the app's `ui/notifications/initialized` (the bench measures tool result → app ready from it). */
export const MARK_APP_INITIALIZED = "presa:app-initialized";

const UNMOUNTED = "the app's view was unmounted";

/** Each app's document read, once (a remount, as React's StrictMode does in development, reuses it). */
const reads = new Map<string, Promise<Record<string, unknown>>>();

/** A link the app asked to open, waiting for the user to see it and say yes or no. */
export interface LinkAsk {
  url: string;
  answer(open: boolean): void;
}

function theme(): "light" | "dark" {
  const set = document.documentElement.dataset.theme;
  if (set === "light" || set === "dark") return set;
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Runs one call for the app and gives back its result, or throws what the server said. */
async function runForApp(controller: Controller, appId: string, method: InputMethod, params: Record<string, unknown>, keepSelection = false): Promise<Record<string, unknown>> {
  const calls = controller.session.calls;
  const selected = calls.getState().selected;
  const handle = startFromApp(controller, appId, method, params);
  // The host's own read of the app's document should not take the user away from the tool call.
  if (keepSelection) calls.select(selected);
  if (!handle) throw new McpError({ kind: "closed", message: "the inspector is not connected" });
  const outcome = await handle.outcome;
  if (outcome.ok) return outcome.result;
  throw outcome.error;
}

/**
 * Where the host's events land. Frames, notes and refusals are gathered and land together in the
 * next timer task (after the messages already queued: one wire append and one store change per
 * batch), so an app that sends many messages costs the page one render per batch, not one per
 * message, and the host's flood limit trips on arrival rate, not on how slowly the page drew.
 */
function hostEventSink(controller: Controller, app: AppInstance, host: () => AppHost | undefined, askLink: (ask: LinkAsk | undefined) => void) {
  const id = app.id;
  let frames: Extract<AppHostEvent, { type: "frame" }>[] = [];
  let notes: AppNote[] = [];
  let refusals: AppRefusal[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flushFrames = (): void => {
    const label = appLabel(app);
    for (const e of frames) {
      const raw = JSON.stringify(e.message);
      controller.session.wire.appendApp({ direction: e.direction === "toApp" ? "out" : "in", raw, message: e.message as never, size: raw.length, at: e.at }, app.connectionId, label);
    }
    frames = [];
  };
  const flush = (): void => {
    timer = undefined;
    flushFrames();
    if (notes.length > 0) appsActions.notes(id, notes);
    if (refusals.length > 0) appsActions.refusals(id, refusals);
    frames = [];
    notes = [];
    refusals = [];
  };
  const later = (): void => {
    timer ??= setTimeout(flush, BATCH_MS);
  };
  const handle = (e: AppHostEvent): void => {
    switch (e.type) {
      case "frame":
        frames.push(e);
        return later();
      case "refused":
        refusals.push(e.refusal);
        return later();
      case "message":
      case "modelContext":
      case "log":
        notes.push({ kind: e.type, at: e.at, params: e.params });
        return later();
      case "initialized":
        appsActions.update(id, { appInfo: e.appInfo });
        if (typeof performance !== "undefined" && typeof performance.mark === "function") performance.mark(MARK_APP_INITIALIZED, { detail: { app: id } });
        return;
      case "size":
        return appsActions.update(id, e.height === undefined ? {} : { height: e.height });
      case "displayMode":
        return appsActions.update(id, { displayMode: e.mode });
      case "teardownRequested":
        void host()?.teardown("the app asked to close");
        return;
      case "stopped":
        askLink(undefined);
        flush();
        // Unmounting the view stops the host too; that is not the app's doing and changes nothing shown.
        if (e.reason === UNMOUNTED) return;
        return appsActions.update(id, { status: "stopped", reason: e.reason });
    }
  };
  return { handle, flush, dispose: () => timer !== undefined && clearTimeout(timer) };
}

/** Events gather until the next timer task (0 ms: the messages already queued run first). */
const BATCH_MS = 0;

/**
 * Hosts one app: reads its `ui://` resource through the controller (a call like any other, marked as
 * the app's), loads the sandbox proxy on the second origin, hands it the document with the app's
 * policy first, and runs the host side of the protocol. The tool call's input goes to the app at
 * once (held by the host until the app is initialized), its result or cancellation when the call ends.
 */
export function useAppHost(app: AppInstance) {
  const controller = useController();
  const frame = useRef<HTMLIFrameElement>(null);
  const host = useRef<AppHost | undefined>(undefined);
  const [doc, setDoc] = useState<{ html: string; policy: AppPolicy } | undefined>(undefined);
  const [link, setLink] = useState<LinkAsk | undefined>(undefined);
  const place = sandboxPlace(window.location);

  // Read the resource once.
  useEffect(() => {
    if (!place.ok) return appsActions.update(app.id, { status: "failed", reason: place.reason });
    let live = true;
    let read = reads.get(app.id);
    if (!read) {
      // The document read ahead when the tool was listed, else the app's own read (a call marked as the app's).
      const ahead = readAheadOf()?.get(app.connectionId, app.resourceUri);
      const own = () => runForApp(controller, app.id, "resources/read", { uri: app.resourceUri }, true);
      read = ahead ? ahead.then((result) => result ?? own()) : own();
      reads.set(app.id, read);
    }
    read.then(
      (result) => {
        if (!live) return;
        const read = readAppResource(result, app.resourceUri);
        if (!read.ok) return appsActions.update(app.id, { status: "failed", reason: `${app.resourceUri} cannot be shown: ${read.reason}` });
        const { policy, prefersBorder, domain } = read.resource;
        appsActions.update(app.id, { status: "running", policy, prefersBorder, domain });
        setDoc({ html: appDocument(read.resource.html, policy.csp), policy });
      },
      (e: unknown) => live && appsActions.update(app.id, { status: "failed", reason: `reading ${app.resourceUri} failed: ${e instanceof Error ? e.message : String(e)}` }),
    );
    return () => {
      live = false;
    };
    // Once per app: the app record changes as it runs, its document is read once.
  }, [app.id]);

  // Once the document is here: the host and the relay with the sandbox frame. A layout effect: it
  // runs in the same task that inserts the frame, so the listener is there before the proxy can say
  // it is ready (a passive effect could run after a fast proxy's message, which is sent only once).
  useLayoutEffect(() => {
    if (!doc || !place.ok) return;
    const origin = place.origin;
    const win = (): Window | null | undefined => frame.current?.contentWindow;
    let sentDocument = false;
    const sink = hostEventSink(controller, app, () => host.current, setLink);
    const h = new AppHost({
      post: (m) => win()?.postMessage(m, origin),
      hostInfo: { name: "presa-inspector", version: "0.1.0" },
      hostContext: {
        theme: theme(),
        displayMode: "inline",
        availableDisplayModes: ["inline", "fullscreen"],
        containerDimensions: { width: Math.round(frame.current?.parentElement?.clientWidth ?? 600), maxHeight: APP_MAX_HEIGHT },
        locale: navigator.language,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        platform: "web",
        toolInfo: { tool: controller.listedTool(app.toolName) ?? { name: app.toolName, inputSchema: { type: "object" } } },
      },
      // An app calls only tools of the connection that served it.
      toolFor: (name) => (controller.session.connection.getState().connectionId === app.connectionId ? controller.listedTool(name) : undefined),
      callTool: (params) => runForApp(controller, app.id, "tools/call", params),
      readResource: (params) => runForApp(controller, app.id, "resources/read", params),
      openLink: (url) =>
        new Promise<boolean>((resolve) =>
          setLink({
            url,
            answer: (open) => {
              setLink(undefined);
              if (open) window.open(url, "_blank", "noopener,noreferrer");
              resolve(open);
            },
          }),
        ),
      onEvent: (e) => sink.handle(e),
      now: () => Date.now(),
      maxHeight: APP_MAX_HEIGHT,
    });
    host.current = h;
    h.streamToolInput(app.args);
    const onMessage = (event: MessageEvent): void => {
      if (event.source !== win() || event.origin !== origin) return;
      const m: unknown = event.data;
      const method = typeof m === "object" && m !== null && "method" in m ? (m as { method: unknown }).method : undefined;
      if (method === SANDBOX_PROXY_READY) {
        if (sentDocument) return;
        sentDocument = true;
        win()?.postMessage({ jsonrpc: "2.0", method: SANDBOX_RESOURCE_READY, params: { html: doc.html, csp: doc.policy.csp, permissions: Object.fromEntries(doc.policy.permissions.map((p) => [p, {}])) } }, origin);
        return;
      }
      if (method === SANDBOX_VIOLATION) {
        const p = (m as { params?: Record<string, unknown> }).params ?? {};
        const reason =
          p.kind === "csp"
            ? `the browser blocked ${String(p.blocked || "a request")} (CSP ${String(p.directive)}: not declared by the app's resource)`
            : `the browser refused: ${String(p.message ?? "a SecurityError")} (the sandbox has no same origin and no top navigation)`;
        sink.handle({ type: "refused", refusal: { kind: "contained", method: "sandbox", reason, at: Date.now() } });
        return;
      }
      h.receive(m);
    };
    window.addEventListener("message", onMessage);
    // The opening call's end: its result, or why it ended without one.
    const finish = (): boolean => {
      const call = controller.session.calls.getState().calls[app.callId];
      if (!call || call.status === "running") return false;
      if (call.result) h.sendToolResult(call.result);
      else h.sendToolCancelled(call.error?.message ?? "the call ended without a result");
      return true;
    };
    let off: () => void = () => undefined;
    if (!finish()) {
      off = controller.session.calls.subscribe(() => {
        if (finish()) off();
      });
    }
    return () => {
      off();
      window.removeEventListener("message", onMessage);
      h.stop(UNMOUNTED);
      sink.dispose();
      host.current = undefined;
    };
    // Once per document: the host lives as long as the document it serves.
  }, [doc]);

  return { frame, place, doc, link, host };
}
