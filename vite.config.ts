import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { APP_CSP_META, APP_SECURITY_HEADERS, DEV_SECURITY_HEADERS } from "./src/bridge/csp.js";

/** The build's index.html carries the app's CSP, so a static host that sends none still applies it. */
function cspMeta(): Plugin {
  return {
    name: "presa-csp-meta",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: () => [{ tag: "meta", attrs: { "http-equiv": "Content-Security-Policy", content: APP_CSP_META }, injectTo: "head-prepend" }],
    },
  };
}

export default defineConfig({
  // Relative asset URLs, so the built files work from any path (a subfolder, file server or preview).
  base: "./",
  plugins: [react(), cspMeta()],
  build: { target: "es2022" },
  // Dev server: not framed (its inline dev scripts rule out a script CSP). Preview: the built app's
  // full CSP, frame-ancestors 'none' and X-Frame-Options, as `npm start` sends them.
  server: { host: "127.0.0.1", headers: { ...DEV_SECURITY_HEADERS } },
  preview: { host: "127.0.0.1", headers: { ...APP_SECURITY_HEADERS } },
});
