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
const inspector = createInspector({ embeddedServer: demoServer() });

createRoot(container).render(
  <StrictMode>
    <Providers inspector={inspector}>
      <App />
    </Providers>
  </StrictMode>,
);
