// First, before any other module runs: start fetching the first connection's code (the embedded
// server's chunk, or, when a link names a server URL, the HTTP transports and the parts drawn for it).
import "./prefetchStart";
import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { prefetchBottomPanel } from "./views/LazyBottomPanel";
import { Providers } from "./providers";
import { compose } from "./compose";
import { createController } from "./session/controller";
import { loadPastedBridge, readPageBridge } from "./lib/bridgeEndpoint";
import { FRAMED_MESSAGE, isFramed } from "./lib/notFramed";
import { createQueryClient } from "./lib/queryClient";
import { createBridgeStore } from "./stores/bridgeStore";
import { createSavedStore } from "./features/connection/store/savedStore";
import { createServersStore } from "./features/connection/servers/serversStore";
import { createEraMemory } from "./session/eraMemory";
import { loadEmbedded } from "./session/embeddedChunk";
import { applyDeepLink } from "./features/links/applyDeepLink";
import { parseDeepLink } from "./stores/deepLink";
import { reopenLastServer } from "./features/connection/servers/reopen";
import { browserSignIn } from "./features/auth/browserSignIn";
import { attachTheme } from "./features/prefs/prefsStore";
import "./styles.css";
import "./features/prefs/theme.css";

// The composition root: the app-wide stores that need the page (bridge, saved connections), the live
// controller with its session, and everything that attaches to it (compose.ts), before React renders.

// The wire log's panel renders right after the first commit: its chunk is fetched from now on.
void prefetchBottomPanel().catch(() => undefined);

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
// Never inside a frame (clickjacking), whatever the host sends: nothing below runs, no token is read.
if (isFramed(window)) {
  container.textContent = FRAMED_MESSAGE;
  throw new Error(FRAMED_MESSAGE);
}

// The embedded demo server runs in this page: no network, so every flow works at once. Its code is a
// chunk of its own, not in the first view, fetched since the first import above; the first connection
// below waits for it (a failed load is the connection's error, in words).
// A known stateSecret, so "Verify MAC" in the rounds view can be tried (README: the requestState token).
export const EMBEDDED_STATE_SECRET = "presa-demo-secret";
// The local bridge: handed over in the HTML by `npm start`, or pasted earlier in this tab (static build).
const fromPage = readPageBridge(document);
const pasted = fromPage ? undefined : loadPastedBridge(sessionStorage);
const search = new URLSearchParams(window.location.search);
// `?demo-variant=changed` serves a variant with one tool answering differently (README "QA and demos").
const variant = search.get("demo-variant");
const controller = createController({
  embeddedServer: () => loadEmbedded().then((m) => m.pageDemoServer(EMBEDDED_STATE_SECRET, variant)),
  bridge: createBridgeStore(fromPage ?? pasted, fromPage ? "page" : "pasted"),
  saved: createSavedStore(localStorage),
  servers: createServersStore(localStorage),
  eras: createEraMemory(localStorage),
  signIn: browserSignIn(window),
});
void controller.checkBridge();
attachTheme(document.documentElement);
const queryClient = createQueryClient();
compose(controller, queryClient, search);
// A deep link selects a target, revision and item, never runs anything; a URL target waits for a click.
const link = parseDeepLink(window.location.search);
const linked = applyDeepLink(link, controller);
// Without a link's target, the page opens on the saved server used last (one outside the page waits for a click).
const { autoConnect } = reopenLastServer(controller, link) ?? linked;
// The first connection starts now, not after React's first render: it waits for the embedded server's
// chunk (usually here when this module has evaluated) and its handshake runs in microtasks. React's
// first render waits for it, up to 150 ms: the page is then rendered once, already connected, instead
// of rendered, painted and rendered again frame by frame of the handshake. (Only the embedded server
// connects by itself: a deep link to a URL waits for a click, and renders at once.) The render is
// synchronous (flushSync), in the microtask the connection completed in: no task queued meanwhile
// runs first.
let rendered = false;
const render = (): void => {
  if (rendered) return;
  rendered = true;
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <StrictMode>
        <Providers controller={controller} queryClient={queryClient}>
          <App />
        </Providers>
      </StrictMode>,
    ),
  );
};
if (autoConnect) {
  void controller.connect().then(render, render);
  setTimeout(render, 150);
} else {
  render();
}
