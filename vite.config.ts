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
  build: {
    target: "es2022",
    // <link rel="modulepreload"> is a hint: a browser without it (Firefox before 115, Safari before 17)
    // still loads every module, only later, so the first view carries no polyfill for it.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The client core and the reference server core run nothing when imported (no top-level
      // statements: test/architecture/sideEffects.test.ts keeps it so). Said to the bundler, a module of theirs
      // that only a lazy chunk uses goes into that chunk, even though the core's one entry
      // (src/core/index.ts, imported by the first view) re-exports it: sign-in, URL checks and the
      // HTTP transports stay out of the first view (docs/architecture.md, "What loads when").
      treeshake: { moduleSideEffects: [{ test: /\/src\/(core|server)\/.*\.ts$/, sideEffects: false }] },
      // Everything the first view imports statically in one file (with the entry), instead of a dozen
      // small shared chunks, each gzipped and fetched on its own; lazy chunks import from it.
      output: { codeSplitting: { groups: [{ name: "first-view", tags: ["$initial"] }] } },
    },
  },
  // Dev server: not framed (its inline dev scripts rule out a script CSP). Preview: the built app's
  // full CSP, frame-ancestors 'none' and X-Frame-Options, as `npm start` sends them.
  server: { host: "127.0.0.1", headers: { ...DEV_SECURITY_HEADERS } },
  preview: { host: "127.0.0.1", headers: { ...APP_SECURITY_HEADERS } },
});
