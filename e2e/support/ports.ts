/** Ports of the e2e servers: the built app (vite preview) and the demo server over HTTP. */
export const APP_PORT = Number(process.env.E2E_PORT ?? 4873);
export const DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? APP_PORT + 1);
export const DEMO_URL = `http://127.0.0.1:${DEMO_PORT}/mcp`;
/** The demo HTTP server runs with this stateSecret, so a spec can verify token MACs. */
export const DEMO_STATE_SECRET = "e2e-secret";
/** The local bridge (bin/bridge.ts) and the token it is started with, which the bridge spec pastes into the app. */
export const BRIDGE_PORT = Number(process.env.E2E_BRIDGE_PORT ?? APP_PORT + 2);
export const BRIDGE_URL = `http://127.0.0.1:${BRIDGE_PORT}`;
export const BRIDGE_TOKEN = "77c85c379d72e42174993692eef6bc1e6caea0886863803d826bf73d3300b2f3";
/** The demo server over HTTP with no CORS at all (it refuses every browser Origin): reachable only through the bridge. */
export const NO_CORS_PORT = Number(process.env.E2E_NO_CORS_PORT ?? APP_PORT + 3);
export const NO_CORS_URL = `http://127.0.0.1:${NO_CORS_PORT}/mcp`;
/**
 * The protected demo (`npm run server -- --auth`): the demo MCP endpoint as an OAuth protected resource
 * and, beside it, its authorization server (oidc-provider), whose issuer is http://127.0.0.1:<that port>.
 */
export const AUTH_DEMO_PORT = Number(process.env.E2E_AUTH_DEMO_PORT ?? APP_PORT + 4);
export const AUTH_DEMO_URL = `http://127.0.0.1:${AUTH_DEMO_PORT}/mcp`;
export const AUTH_SERVER_PORT = Number(process.env.E2E_AUTH_SERVER_PORT ?? APP_PORT + 5);
export const AUTH_ISSUER = `http://127.0.0.1:${AUTH_SERVER_PORT}`;
/** @modelcontextprotocol/server-everything's 2024-11-05 HTTP+SSE entry (GET /sse, POST /message), for e2e/sse.spec.ts. */
export const EVERYTHING_SSE_PORT = Number(process.env.E2E_EVERYTHING_SSE_PORT ?? APP_PORT + 6);
export const EVERYTHING_SSE_URL = `http://127.0.0.1:${EVERYTHING_SSE_PORT}/sse`;
