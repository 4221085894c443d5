import type { Connection, RequestId, Era, ClientCapabilities, Implementation } from "../core/protocol";
import type { LazyAbort } from "./context";
import type { LogLevel, SessionView } from "./definitions";
import type { McpServer } from "./server";

/** What a routed request knows about itself: its server, connection, caller, revision and client. */
export interface RequestScope {
  server: McpServer;
  connection: Connection;
  requestId: RequestId;
  caller: string;
  /** The request's cancellation; its signal is made only when something reads it. */
  abort: LazyAbort;
  revision: string;
  era: Era;
  clientCapabilities: ClientCapabilities;
  clientInfo: Implementation | undefined;
  logLevel: LogLevel | undefined;
  /** The initialize-era session, for handlers that act beyond their request. */
  session?: SessionView;
}
