/** Ports of the e2e servers: the built app (vite preview) and the demo server over HTTP. */
export const APP_PORT = Number(process.env.E2E_PORT ?? 4873);
export const DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? APP_PORT + 1);
export const DEMO_URL = `http://127.0.0.1:${DEMO_PORT}/mcp`;
/** The demo HTTP server runs with this stateSecret, so a spec can verify token MACs. */
export const DEMO_STATE_SECRET = "e2e-secret";
