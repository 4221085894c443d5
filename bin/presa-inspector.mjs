#!/usr/bin/env node
// `presa-inspector` (README "Command line"): starts the CLI's bundle, a plain ES module for Node 20
// built from src/cli by `npm run build:cli` (which `npm ci`, `npm install`, `npm pack` and `npm run build`
// all run, through the prepare and prepack scripts). No tsx at run time.
import { existsSync } from "node:fs";

const bundle = new URL("../dist-cli/presa-inspector.mjs", import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write("presa-inspector: not built yet: run `npm run build:cli` (npm ci and npm install run it for you)\n");
  process.exit(2);
}
await import(bundle.href);
