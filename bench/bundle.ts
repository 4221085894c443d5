/**
 * Figure 3: JavaScript shipped for the first view, gzip, against the official MCP Inspector's web
 * client (`@modelcontextprotocol/inspector`, a dev dependency for this comparison). Both are
 * measured the same way: the JS an index.html runs before anything else, i.e. its
 * `<script type="module" src>` entries and the files they import statically (as `<link
 * rel="modulepreload">` names them), each gzipped (level 9) on its own. Lazy chunks (their
 * code-split views; ours: everything the first view does not show, docs/architecture.md "What loads
 * when") are not in the first view. A modulepreload that no module script imports statically is a
 * lazy chunk fetched early: it is counted apart, for context, with the first view as "JS loaded at
 * start". One of ours loads at start all the same without one: the embedded demo server's, asked for
 * as the first view's code starts (figure 5's start-up counts it).
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { APP_DIR } from "./lib/browser";
import { atMost, figure, reported, type Figure } from "./lib/figures";

const KB = 1024;

interface JsFile {
  path: string;
  bytes: number;
  gzip: number;
}

export interface FirstView {
  files: JsFile[];
  gzip: number;
  /** Modulepreloads no module script imports statically: lazy chunks fetched at start. */
  early: JsFile[];
}

/** The relative files a module imports statically (`import … from` and bare `import` of a relative path; a dynamic `import()` is not one). */
function staticImports(code: string): string[] {
  return [...code.matchAll(/\bimport\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => m[1] as string);
}

/**
 * The JS an index.html runs for its first view, resolved against `root`: its module scripts and every
 * file they import statically, and apart from them the modulepreloads nothing imports statically.
 */
export function firstView(root: string): FirstView {
  const html = readFileSync(join(root, "index.html"), "utf8");
  const scripts: string[] = [];
  const preloads: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(tag)?.[1];
    if (/^<script/i.test(tag) && attr("type") === "module" && attr("src")) scripts.push(attr("src") as string);
    if (/^<link/i.test(tag) && attr("rel") === "modulepreload" && attr("href")) preloads.push(attr("href") as string);
  }
  const file = (path: string): JsFile => {
    const body = readFileSync(path);
    return { path, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
  };
  const first = new Set<string>();
  const visit = (path: string): void => {
    if (first.has(path)) return;
    first.add(path);
    for (const url of staticImports(readFileSync(path, "utf8"))) visit(join(dirname(path), url));
  };
  for (const url of scripts) visit(join(root, url.replace(/^\.?\//, "")));
  const files = [...first].map(file);
  if (files.length === 0) throw new Error(`${root}/index.html loads no module script`);
  const early = preloads.map((url) => join(root, url.replace(/^\.?\//, ""))).filter((path) => !first.has(path)).map(file);
  return { files, gzip: files.reduce((n, f) => n + f.gzip, 0), early };
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
  const list = (files: JsFile[]) => files.map((f) => `${f.path.split("/").pop()} ${(f.gzip / KB).toFixed(1)} KB`).join(", ");
  const gzip = (files: JsFile[]) => files.reduce((n, f) => n + f.gzip, 0);
  const atStart = (v: FirstView) => v.gzip + gzip(v.early);
  log(`  first view: ours ${(ours.gzip / KB).toFixed(1)} KB gzip (${list(ours.files)}); inspector ${official.version} ${(theirs.gzip / KB).toFixed(1)} KB (${list(theirs.files)})`);
  log(`  preloaded besides it, for the first connection: ours ${(gzip(ours.early) / KB).toFixed(1)} KB (${list(ours.early) || "none"}); inspector ${(gzip(theirs.early) / KB).toFixed(1)} KB (${list(theirs.early) || "none"})`);
  return [
    figure({
      id: "app.firstViewJs",
      name: "5. first-view JS, gzip",
      value: ours.gzip / KB,
      unit: "KB",
      baseline: theirs.gzip / KB,
      baselineName: `MCP Inspector ${official.version}`,
      goal: atMost(120, "KB"),
      note: `module scripts of each index.html and the files they import statically, gzip -9 per file: ours ${ours.files.length} file(s) from vite build (the project's vite.config.ts); theirs clients/web/dist of @modelcontextprotocol/inspector ${official.version}, ${theirs.files.length} file(s); CSS and lazy chunks not counted${ours.early.length > 0 ? ` (ours preloads ${ours.early.length} lazy chunk(s) at start, counted in the row below)` : ""}`,
    }),
    // Only when the HTML preloads a lazy chunk: otherwise it is the row above.
    ...(ours.early.length === 0 ? [] : [figure({
      id: "app.startJs",
      name: "5. JS loaded at start (first view and preloaded chunks), gzip (context)",
      value: atStart(ours) / KB,
      unit: "KB",
      baseline: atStart(theirs) / KB,
      baselineName: `MCP Inspector ${official.version}`,
      goal: reported(),
      note: `the first view (the row above) and every other modulepreload of index.html: ours ${list(ours.early)}; theirs ${list(theirs.early) || "none"}`,
    })]),
  ];
}
