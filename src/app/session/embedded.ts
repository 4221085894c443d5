// The embedded servers' code, a chunk of its own (loaded through ./embeddedChunk.ts, never imported
// statically by the first view): the demo and hostile servers, the reference server core that runs
// them in the page, and its token signing, and the in-page transport the page speaks to them over.
// main.tsx starts fetching it before React renders.
import type { McpServer } from "../../server/server";
import { demoServer, isDemoVariant } from "../../server/demo";
import { hostileServer } from "../../server/hostile";

export { serveTransport } from "../../server/serve";
export { inProcessPair } from "../../core";
export { hostileServer };

/** The page's demo server: `variant` comes from `?demo-variant=` and is ignored when it names none. */
export function pageDemoServer(stateSecret: string, variant: string | null): McpServer {
  return demoServer({ stateSecret, ...(isDemoVariant(variant) ? { variant } : {}) });
}
