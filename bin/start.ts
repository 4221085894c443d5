// `npm start`: builds the production bundle (a few seconds), then serves it on 127.0.0.1 with the
// local bridge beside it, and prints the URL. The bridge's URL and per-launch token reach the page in
// the served index.html (src/bridge/appServer.ts), never in a URL or a log line; the bridge then allows
// only the app's own origin. Ctrl-C (or SIGTERM, SIGHUP) stops both and every server the bridge spawned.
// `npm run dev` is the Vite dev server with the same bridge, for working on the app.
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { startBridge } from "../src/bridge";
import { startAppServer } from "../src/bridge/appServer";
import { boundHeapGrowth } from "../src/bridge/heap";
import { stopOnSignals } from "../src/bridge/shutdown";

// Output streams through at hundreds of MB/s: keep the heap near what is live (src/bridge/heap.ts).
boundHeapGrowth();

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = process.env.PRESA_DIST ?? `${root}dist`;
const port = Number(process.env.PRESA_PORT ?? 5173);
const bridgePort = Number(process.env.PRESA_BRIDGE_PORT ?? 0);

const began = Date.now();
console.log(`  building the app into ${outDir}…`);
await build({ root, configFile: `${root}vite.config.ts`, logLevel: "warn", build: { outDir, emptyOutDir: true } });

const bridge = await startBridge({ port: bridgePort, loopbackOrigins: false, log: (line) => console.error(`bridge: ${line}`) });
let app;
try {
  app = await startAppServer({ root: outDir, bridge: { url: bridge.url, token: bridge.token }, port });
} catch (error) {
  // The usual port is taken: any free one will do.
  if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || process.env.PRESA_PORT) throw error;
  app = await startAppServer({ root: outDir, bridge: { url: bridge.url, token: bridge.token }, port: 0 });
}
// Pin the bridge to the app's origin, under both of its loopback names.
bridge.setAllowedOrigins([`http://127.0.0.1:${app.port}`, `http://localhost:${app.port}`]);

console.log(`\n  presa inspector (production build, ready in ${((Date.now() - began) / 1000).toFixed(1)} s)\n`);
console.log(`  ➜  Local:   ${app.url}`);
console.log(`  ➜  Bridge:  ${bridge.url} (stdio servers and HTTP without CORS; its token is handed to the page, not printed)`);

stopOnSignals([app, bridge]);
