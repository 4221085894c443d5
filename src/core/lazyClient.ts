/**
 * The client for a page that keeps its calls' code out of the first view: the same client as
 * client.ts, but its call rounds (mcp/callRounds.ts: both eras' rounds, the questions, the
 * initialize era's server requests, reading a requestState token) come from `load`, a chunk of their
 * own in a page build. Connecting and listing need none of it. Until it is loaded, the first call (or
 * a server request) waits for it; `callStarted` is still reported before `startCall` returns, and a
 * failed load is that call's error (the next call loads again). Once loaded, a call runs exactly as
 * with Client. The page fetches it ahead once connected, so the user's first call finds it there.
 */
import { Client as ClientCore } from "./mcp/client";
import type { CallRoundsModule } from "./mcp/callHost";
import type { ConnectOptions } from "./mcp/options";
import { taskPlug } from "./tasks/plug";
import type { Transport } from "./transport/transport";

export class LazyClient extends ClientCore {
  constructor(transport: Transport, options: ConnectOptions, load: () => Promise<CallRoundsModule>) {
    super(transport, options, { tasks: taskPlug, rounds: load });
  }
}

/** The call rounds' code, for LazyClient's `load` (a bundler makes it a chunk of its own). */
export function loadCallRounds(): Promise<CallRoundsModule> {
  return import("./mcp/callRounds");
}
