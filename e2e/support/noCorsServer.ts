// The demo server over Streamable HTTP that, like many servers, answers no browser: any request
// with an Origin is refused with 403 and no CORS headers. Requests without one (the bridge) pass.
import { demoServer } from "../../src/server/demo";
import { startHttpServer } from "../../src/server/http/handler";
import { NO_CORS_PORT } from "./ports";

const running = await startHttpServer(demoServer(), { port: NO_CORS_PORT, allowedOrigins: [] });
console.log(`no-CORS demo server on ${running.url}`);
process.on("SIGTERM", () => void running.close().then(() => process.exit(0)));
process.on("SIGINT", () => void running.close().then(() => process.exit(0)));
