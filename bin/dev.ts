// `npm run dev`: the local bridge, then the Vite dev server (hot reload, for working on the app), in
// one process. `npm start` serves the production build instead. The bridge's URL and its
// per-launch token reach the page in the served HTML (src/bridge/handoff.ts), never in a URL or a log
// line; the bridge then allows only the app's own origin. Ctrl-C stops both (and the servers the
// bridge spawned).
import { fileURLToPath } from "node:url";
import { createServer } from "vite";
import { bridgeHandoffPlugin, startBridge } from "../src/bridge";
import { stopOnSignals } from "../src/bridge/shutdown";

const root = fileURLToPath(new URL("..", import.meta.url));
const bridgePort = Number(process.env.PRESA_BRIDGE_PORT ?? 0);

const bridge = await startBridge({ port: bridgePort, log: (line) => console.error(`bridge: ${line}`) });
const vite = await createServer({
  root,
  configFile: `${root}/vite.config.ts`,
  // No CORS at all: the HTML carries the token, so no other page (not even another loopback one) may read it.
  server: { host: "127.0.0.1", strictPort: false, cors: false },
  plugins: [bridgeHandoffPlugin({ url: bridge.url, token: bridge.token })],
});
await vite.listen();

// Pin the bridge to the app's origin, under both of its loopback names.
const origins = (vite.resolvedUrls?.local ?? []).flatMap((u) => {
  const url = new URL(u);
  return [url.origin, `${url.protocol}//localhost:${url.port}`, `${url.protocol}//127.0.0.1:${url.port}`];
});
bridge.setAllowedOrigins([...new Set(origins)]);

vite.printUrls();
console.log(`  ➜  Bridge:  ${bridge.url} (stdio servers and HTTP without CORS; its token is handed to the page, not printed)`);

stopOnSignals([{ close: () => vite.close() }, bridge]);
