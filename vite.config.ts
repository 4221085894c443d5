import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { APP_CSP_META, APP_SECURITY_HEADERS, DEV_SECURITY_HEADERS, SANDBOX_PAGE, sandboxHeaders } from "./src/bridge/csp.js";

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

/**
 * `vite preview` serves the MCP Apps sandbox page (public/sandbox.html) itself, with the headers that
 * let the app frame it (the preview's own headers refuse all framing), as `npm start` does.
 */
function sandboxPage(): Plugin {
  const serve = (server: { config: { root: string }; middlewares: { use: (fn: (req: IncomingMessage, res: ServerResponse, next: () => void) => void) => void } }, folder: string): void => {
    server.middlewares.use((req, res, next) => {
      if (new URL(req.url ?? "/", "http://x").pathname !== SANDBOX_PAGE) return next();
      const port = Number(/:(\d+)$/.exec(req.headers.host ?? "")?.[1] ?? 0);
      readFile(join(server.config.root, folder, "sandbox.html")).then(
        (body) => {
          res.removeHeader("X-Frame-Options");
          res.writeHead(200, { ...sandboxHeaders(port), "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
          res.end(body);
        },
        () => next(),
      );
    });
  };
  return {
    name: "presa-sandbox-page",
    configurePreviewServer: (server) => serve(server, server.config.build.outDir),
    configureServer: (server) => serve(server, "public"),
  };
}

export default defineConfig({
  // Relative asset URLs, so the built files work from any path (a subfolder, file server or preview).
  base: "./",
  plugins: [react(), cspMeta(), sandboxPage()],
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
      // Everything the first view imports statically in two files instead of a dozen small shared
      // chunks, each gzipped and fetched on its own: React (react, react-dom, scheduler) and the rest
      // with the entry. Two, not one: the browser streams and compiles each on a thread of its own as
      // it arrives, so the first view's code is ready sooner (connected 33 and 44 ms sooner in two
      // paired A/Bs of 31 loads, bench/ab.ts; over HTTP with one click 23 ms). Lazy chunks import
      // from both.
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: "first-view", tags: ["$initial"], priority: 1 },
          ],
        },
      },
    },
  },
  // Dev server: not framed (its inline dev scripts rule out a script CSP). Preview: the built app's
  // full CSP, frame-ancestors 'none' and X-Frame-Options, as `npm start` sends them.
  server: { host: "127.0.0.1", headers: { ...DEV_SECURITY_HEADERS } },
  preview: { host: "127.0.0.1", headers: { ...APP_SECURITY_HEADERS } },
});
