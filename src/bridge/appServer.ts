import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile, realpath, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { APP_SECURITY_HEADERS, SANDBOX_PAGE, sandboxHeaders } from "./csp";
import { handoffMetaTag } from "./handoff";
import { header } from "./http";
import { hostAllowed, ownHosts } from "./security";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".map": "application/json",
  ".txt": "text/plain; charset=utf-8",
};

export interface AppServerOptions {
  /** The built app (`vite build`'s outDir). */
  root: string;
  /** The bridge handed to the page in index.html. */
  bridge?: { url: string; token: string };
  host?: string;
  port?: number;
}

export interface RunningAppServer {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/**
 * `npm start`'s server of the built app, on loopback. index.html goes out with the bridge's URL and
 * token in a `<meta name="presa-bridge">` element (read once by the app and removed; a meta element
 * runs nothing, so the strict CSP holds) and `Cache-Control: no-store`; everything else is a file of
 * the build. Only the server's own Host names are answered (DNS rebinding could otherwise read the
 * token), no CORS header is ever sent (no other origin can read the HTML), every answer carries the
 * app's CSP with `frame-ancestors 'none'` and `X-Frame-Options: DENY` (no page can frame it), and
 * only GET and HEAD of files inside `root` are served.
 */
export async function startAppServer(options: AppServerOptions): Promise<RunningAppServer> {
  const host = options.host ?? "127.0.0.1";
  const root = await realpath(resolve(options.root));
  // Read on every request, not once: the build in `root` may be made again while this serves it (`npm
  // run build`, or e2e's build into dist/), and an index.html kept from before names files that are gone.
  const index = async (): Promise<string> => {
    const template = await readFile(join(root, "index.html"), "utf8");
    return options.bridge ? template.replace(/<head>/i, `<head>\n    ${handoffMetaTag(options.bridge.url, options.bridge.token)}`) : template;
  };
  // Once now as well: a root with no build fails the start, in its own words, not the first page load.
  await index();
  let hosts: string[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(APP_SECURITY_HEADERS)) res.setHeader(name, value);
    if (!hostAllowed(header(req, "host"), hosts)) return void res.writeHead(403, { "Content-Type": "text/plain" }).end("Host not allowed\n");
    if (req.method !== "GET" && req.method !== "HEAD") return void res.writeHead(405, { Allow: "GET, HEAD" }).end();
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? "/", "http://app").pathname);
    } catch {
      return void res.writeHead(400).end();
    }
    if (path === "/" || path === "/index.html") {
      let html: string;
      try {
        html = await index();
      } catch {
        return void res.writeHead(503, { "Content-Type": "text/plain", "Retry-After": "2" }).end(`The app's build in ${root} has no index.html right now (is it being built again?). Reload in a moment.\n`);
      }
      const body = Buffer.from(html, "utf8");
      res.writeHead(200, { "Content-Type": TYPES[".html"], "Content-Length": body.length, "Cache-Control": "no-store" });
      return void res.end(req.method === "HEAD" ? undefined : body);
    }
    if (path === SANDBOX_PAGE) {
      // The MCP Apps sandbox proxy: framed by the app from its other loopback name, so not DENY.
      const body = await readFile(join(root, "sandbox.html"));
      res.removeHeader("X-Frame-Options");
      res.writeHead(200, { ...sandboxHeaders(port), "Content-Type": TYPES[".html"], "Content-Length": body.length });
      return void res.end(req.method === "HEAD" ? undefined : body);
    }
    const file = resolve(root, `.${path}`);
    let real: string;
    try {
      real = await realpath(file);
      if (!real.startsWith(root + sep) || !(await stat(real)).isFile()) throw new Error("not a file of the build");
    } catch {
      return void res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
    }
    const body = await readFile(real);
    const immutable = real.startsWith(join(root, "assets") + sep);
    res.writeHead(200, {
      "Content-Type": TYPES[extname(real)] ?? "application/octet-stream",
      "Content-Length": body.length,
      "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    });
    res.end(req.method === "HEAD" ? undefined : body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolveListen();
    });
  });
  const port = (server.address() as AddressInfo).port;
  hosts = ownHosts(host, port);
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}/`,
    port,
    server,
    close() {
      closing ??= new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
