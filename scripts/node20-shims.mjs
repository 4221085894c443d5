// Loaded with `node --import ./scripts/node20-shims.mjs` in front of @modelcontextprotocol/conformance.
// Why: every 0.2.0 alpha of the suite imports `globSync` from "fs", which Node added in 22, so on Node 20
// the ES module link fails (SyntaxError) before any scenario runs; a runtime patch of `fs` cannot help,
// because the export names of a builtin ES module are fixed. This resolve hook hands the suite's own
// `fs` imports to a module that re-exports node:fs and adds a small globSync. Nothing else is touched,
// and on a Node that has fs.globSync the hook is not installed at all.
import fs from "node:fs";
import { register } from "node:module";

if (typeof fs.globSync !== "function") {
  register("./node20/resolveFs.mjs", import.meta.url);
}
