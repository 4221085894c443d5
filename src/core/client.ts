/**
 * The client as everyone outside the core gets it: the MCP client (mcp/client.ts) with its call
 * rounds (mcp/callRounds.ts) and the task runner (tasks/) plugged into its call runner. The one place
 * the two folders meet, so mcp/ never imports tasks/ (tasks/ sees the runner only through
 * mcp/callHost.ts). A page that keeps the rounds out of its first view uses LazyClient (lazyClient.ts).
 */
import { Client as ClientCore } from "./mcp/client";
import * as callRounds from "./mcp/callRounds";
import type { ConnectOptions } from "./mcp/options";
import { taskPlug } from "./tasks/plug";
import type { Transport } from "./transport/transport";

export class Client extends ClientCore {
  constructor(transport: Transport, options: ConnectOptions = {}) {
    super(transport, options, { tasks: taskPlug, rounds: callRounds });
  }
}

/** A client connected over `transport`: negotiated, or closed again and the failure thrown. */
export async function connect(transport: Transport, options: ConnectOptions = {}): Promise<Client> {
  const client = new Client(transport, options);
  try {
    return await client.open();
  } catch (e) {
    await client.close();
    throw e;
  }
}
