/**
 * The protected demo: the demo MCP server as an OAuth protected resource, beside a real
 * authorization server (oidc-provider) on 127.0.0.1. `npm run server -- --auth` runs it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createHttpHandler, type HttpHandlerOptions } from "../http/handler";
import { socketTimeoutOptions } from "../http/wire";
import type { McpServer } from "../server";
import { startAuthorizationServer, TEST_USER, type RunningAuthorizationServer } from "./authorizationServer";
import { protect, type ProtectOptions } from "./protectedResource";

export { TEST_USER, startAuthorizationServer } from "./authorizationServer";
export type { RunningAuthorizationServer, AuthorizationServerOptions } from "./authorizationServer";
export { protect, protectedResourceMetadata } from "./protectedResource";
export type { ProtectOptions } from "./protectedResource";
export { signInAgent } from "./signInAgent";
export type { SignInAgentOptions } from "./signInAgent";

/** Every MCP request needs this scope. */
export const BASE_SCOPE = "mcp:tools";
/** …and these tools need one more (step-up on 403 insufficient_scope). */
export const TOOL_SCOPES: Readonly<Record<string, string>> = { "list-workspace": "workspace:read" };

export interface ProtectedDemo {
  /** The MCP endpoint, e.g. http://127.0.0.1:3939/mcp */
  url: string;
  authorizationServer: RunningAuthorizationServer;
  server: Server;
  close(): Promise<void>;
}

export interface ProtectedDemoOptions extends HttpHandlerOptions {
  port?: number;
  authPort?: number;
  /** Access token lifetime in seconds (tests shorten it to see refresh). */
  accessTokenTtl?: number;
  /** What the metadata lists as the authorization server (default its issuer); tests point it elsewhere. */
  advertisedAuthorizationServer?: (issuer: string) => string;
}

export async function startProtectedDemo(mcp: McpServer, options: ProtectedDemoOptions = {}): Promise<ProtectedDemo> {
  const path = options.path ?? "/mcp";
  const handler = createHttpHandler(mcp, options);
  // A socket that sends nothing is closed after a bounded time, as on the unprotected endpoint.
  const http = createServer(socketTimeoutOptions());
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}${path}`;
  const scopes = [BASE_SCOPE, ...Object.values(TOOL_SCOPES)];
  const as = await startAuthorizationServer({
    resource: url,
    scopes,
    ...(options.authPort !== undefined ? { port: options.authPort } : {}),
    ...(options.accessTokenTtl !== undefined ? { accessTokenTtl: options.accessTokenTtl } : {}),
  });
  const protectOptions: ProtectOptions = {
    resource: url,
    authorizationServers: [options.advertisedAuthorizationServer?.(as.issuer) ?? as.issuer],
    baseScope: BASE_SCOPE,
    toolScopes: TOOL_SCOPES,
    verify: (token) => as.verify(token),
  };
  http.on("request", protect(handler, protectOptions));
  return {
    url,
    authorizationServer: as,
    server: http,
    close: async () => {
      handler.close();
      http.closeAllConnections();
      await new Promise<void>((done) => http.close(() => done()));
      await as.close();
    },
  };
}

export const DEMO_CREDENTIALS = TEST_USER;
