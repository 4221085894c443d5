import type { Transport } from "../core/protocol";
import { ServerSession } from "./session";
import type { McpServer } from "./server";
import { sendFault, wireFaultOf } from "./wireFault";

/**
 * Serves one message transport (the in-process pair, stdio): one session for its lifetime, so an
 * `initialize` on it opens an initialize-era session and `_meta` requests are served statelessly.
 */
export function serveTransport(server: McpServer, transport: Transport, options: { caller?: string } = {}): ServerSession {
  const session = new ServerSession(server, {
    send: (message, o) => {
      // A hostile handler's response (wireFault.ts) goes out as the raw text it asked for.
      const fault = wireFaultOf(message);
      return fault && "id" in message && message.id != null ? sendFault(transport, message.id, fault) : transport.send(message, o);
    },
    caller: options.caller ?? `${transport.kind}`,
  });
  const unsubscribe = transport.subscribe((event) => {
    if (event.type === "message") session.receive(event.message, { raw: event.raw });
    else if (event.type === "close") {
      unsubscribe();
      session.close();
    }
  });
  return session;
}
