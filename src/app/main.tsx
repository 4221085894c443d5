import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { Providers } from "./providers";
import { createInspector } from "./lib/inspector";
import { demoServer } from "../server/demo";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The embedded demo server runs in this page: no network, so every flow works at once.
// A known stateSecret, so "Verify MAC" in the rounds view can be tried (README: the requestState token).
export const EMBEDDED_STATE_SECRET = "presa-demo-secret";
const inspector = createInspector({ embeddedServer: demoServer({ stateSecret: EMBEDDED_STATE_SECRET }) });

createRoot(container).render(
  <StrictMode>
    <Providers inspector={inspector}>
      <App />
    </Providers>
  </StrictMode>,
);
