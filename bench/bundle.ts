/**
 * Figure 3: JavaScript shipped for the first view, gzip, against the official MCP Inspector's web
 * client (`@modelcontextprotocol/inspector`, a dev dependency for this comparison). Both are
 * measured the same way: the JS files an index.html loads before anything runs, i.e. its
 * `<script type="module" src>` entries and `<link rel="modulepreload">` files, each gzipped (level
 * 9) on its own. Lazy chunks (their code-split views; ours: everything the first view does not show,
 * docs/architecture.md "What loads when") are not in the first view. One of ours loads at start all the
 * same: the embedded demo server's, fetched while the first view renders (figure 5's start-up counts it).
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { APP_DIR } from "./lib/browser";
import { atMost, figure, type Figure } from "./lib/figures";

const KB = 1024;

export interface FirstView {
  files: { path: string; bytes: number; gzip: number }[];
  gzip: number;
}

/** The JS an index.html loads for its first view: module scripts and modulepreloads, resolved against `root`. */
export function firstView(root: string): FirstView {
  const html = readFileSync(join(root, "index.html"), "utf8");
  const urls = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(tag)?.[1];
    if (/^<script/i.test(tag) && attr("type") === "module" && attr("src")) urls.add(attr("src") as string);
    if (/^<link/i.test(tag) && attr("rel") === "modulepreload" && attr("href")) urls.add(attr("href") as string);
  }
  const files = [...urls].map((url) => {
    const path = join(root, url.replace(/^\.?\//, ""));
    const body = readFileSync(path);
    return { path, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
  });
  if (files.length === 0) throw new Error(`${root}/index.html loads no module script`);
  return { files, gzip: files.reduce((n, f) => n + f.gzip, 0) };
}

/** The official inspector's built web client, wherever npm put the package. */
export function officialWebClient(): { root: string; version: string } {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve("@modelcontextprotocol/inspector/package.json");
  const version = (JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version;
  return { root: join(dirname(pkg), "clients/web/dist"), version };
}

/** The page build must take its token hashing from @noble/hashes, never pull node:crypto (package.json #platform-crypto). */
function checkNoNodeCrypto(root: string): void {
  const assets = join(root, "assets");
  for (const name of readdirSync(assets).filter((f) => f.endsWith(".js"))) {
    if (readFileSync(join(assets, name), "utf8").includes("node:crypto")) throw new Error(`the page build pulls node:crypto (${name})`);
  }
}

export async function run(log: (line: string) => void): Promise<Figure[]> {
  checkNoNodeCrypto(resolve(APP_DIR));
  const ours = firstView(resolve(APP_DIR));
  const official = officialWebClient();
  const theirs = firstView(official.root);
  const list = (v: FirstView) => v.files.map((f) => `${f.path.split("/").pop()} ${(f.gzip / KB).toFixed(1)} KB`).join(", ");
  log(`  first view: ours ${(ours.gzip / KB).toFixed(1)} KB gzip (${list(ours)}); inspector ${official.version} ${(theirs.gzip / KB).toFixed(1)} KB (${list(theirs)})`);
  return [
    figure({
      id: "app.firstViewJs",
      name: "5. first-view JS, gzip",
      value: ours.gzip / KB,
      unit: "KB",
      baseline: theirs.gzip / KB,
      baselineName: `MCP Inspector ${official.version}`,
      goal: atMost(120, "KB"),
      note: `module scripts and modulepreloads of each index.html, gzip -9 per file: ours ${ours.files.length} file(s) from vite build (the project's vite.config.ts); theirs clients/web/dist of @modelcontextprotocol/inspector ${official.version}, ${theirs.files.length} file(s); CSS and lazy chunks not counted`,
    }),
  ];
}
