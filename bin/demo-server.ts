// The demo server over Streamable HTTP, both eras on one endpoint: `npm run server -- --port 3939`.
// Binds 127.0.0.1 only.
import { parseArgs } from "node:util";
import { demoServer, isDemoVariant, DEMO_VARIANTS } from "../src/server/demo";
import { startHttpServer } from "../src/server/http/handler";
import { BASE_SCOPE, startProtectedDemo, TEST_USER, TOOL_SCOPES } from "../src/server/auth";
import { hostileAnswerHeaders, hostileServer } from "../src/server/hostile";
import { REVISIONS } from "../src/core";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "3939" },
    "state-secret": { type: "string" },
    "state-ttl-ms": { type: "string" },
    versions: { type: "string" },
    variant: { type: "string" },
    hostile: { type: "boolean", default: false },
    auth: { type: "boolean", default: false },
    "auth-port": { type: "string", default: "3940" },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  console.log(`usage: npm run server -- [--port 3939] [--state-secret S] [--state-ttl-ms MS] [--versions ${REVISIONS.join(",")}] [--variant ${DEMO_VARIANTS.join("|")}] [--hostile] [--auth [--auth-port 3940]]`);
  process.exit(0);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not ${values.port}`);
  process.exit(2);
}

if (values.variant !== undefined && !isDemoVariant(values.variant)) {
  console.error(`--variant must be one of ${DEMO_VARIANTS.join(", ")}, not ${values.variant}`);
  process.exit(2);
}

const common = {
  ...(values["state-secret"] ? { stateSecret: values["state-secret"] } : {}),
  ...(values["state-ttl-ms"] ? { stateTtlMs: Number(values["state-ttl-ms"]) } : {}),
  ...(values.versions ? { versions: values.versions.split(",") } : {}),
};
// --hostile: the server that misbehaves on purpose (README "Hostile servers and faults").
const srv = values.hostile ? hostileServer(common) : demoServer({ ...(isDemoVariant(values.variant) ? { variant: values.variant } : {}), ...common });
// --auth: the server as an OAuth protected resource beside a real authorization server, so sign-in is tried against real OAuth.
const running = values.auth ? await startProtectedDemo(srv, { port, authPort: Number(values["auth-port"]) }) : await startHttpServer(srv, { port, ...(values.hostile ? { answerHeaders: hostileAnswerHeaders } : {}) });
console.log(`presa ${values.hostile ? "hostile " : ""}demo server on ${running.url} (revisions ${srv.versions.join(", ")})`);
if ("authorizationServer" in running) {
  console.log(`  protected: authorization server ${running.authorizationServer.issuer}; sign in as "${TEST_USER.username}" / "${TEST_USER.password}"`);
  console.log(`  scopes: ${BASE_SCOPE} for everything; ${Object.entries(TOOL_SCOPES).map(([tool, scope]) => `${scope} for ${tool}`).join(", ")}`);
}

const stop = (): void => {
  void running.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
