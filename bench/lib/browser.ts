/**
 * The browser side of the bench: the built app (bench/.out/dist) served on a free 127.0.0.1 port and opened in
 * the same Chromium, with the same flags, as the e2e tests (e2e/support/chromium.ts). Heap figures
 * come from the DevTools protocol after a forced GC, so they do not depend on when V8 chose to collect.
 */
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve } from "node:path";
import { chromium, type Browser, type CDPSession, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromium } from "../../e2e/support/chromium";

/** Where run.ts builds the app for the bench (not dist/, which the e2e tests rebuild). */
export const APP_DIR = "bench/.out/dist";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

export interface Served {
  url: string;
  close(): Promise<void>;
}

/** A static file server for one folder on 127.0.0.1 (port 0: a free one). */
export async function serveDir(dir: string): Promise<Served> {
  const root = resolve(dir);
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    const file = normalize(join(root, path === "/" ? "index.html" : decodeURIComponent(path)));
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    readFile(file).then(
      (body) => res.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: resolveChromium(), args: [...CHROMIUM_ARGS] });
}

/** Opens the app with `?bench` and waits for the embedded demo server's connection and the hooks. */
export async function openBenchPage(browser: Browser, url: string): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // Console errors only explain a failed start (a missing favicon logs one on every page).
  const consoleErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  await page.goto(`${url}?bench`);
  await page
    .waitForFunction(() => {
      const hooks = (window as unknown as { __presaBench?: { connected(): boolean } }).__presaBench;
      return hooks?.connected() === true;
    })
    .catch((e: unknown) => {
      throw new Error(`the app did not connect to its embedded server: ${(e as Error).message}; page errors: ${[...errors, ...consoleErrors].join("; ") || "none"}`);
    });
  if (errors.length > 0) throw new Error(`the page threw: ${errors.join("; ")}`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.enable");
  return { page, cdp };
}

/** The page's JS heap in use after a full GC, in bytes. */
export async function heapUsed(cdp: CDPSession): Promise<number> {
  await cdp.send("HeapProfiler.collectGarbage");
  await cdp.send("HeapProfiler.collectGarbage");
  const usage = await cdp.send("Runtime.getHeapUsage");
  return usage.usedSize;
}

/** Serves the built app (run.ts builds it) and opens Chromium for the duration of `work`. */
export async function withApp<T>(work: (browser: Browser, url: string) => Promise<T>): Promise<T> {
  const served = await serveDir(APP_DIR);
  const browser = await launchChromium();
  try {
    return await work(browser, served.url);
  } finally {
    await browser.close();
    await served.close();
  }
}
