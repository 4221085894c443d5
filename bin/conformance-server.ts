// The reference server with the demo tools and the conformance fixtures over Streamable HTTP, for
// `conformance server --url`: `tsx bin/conformance-server.ts --port 3940`. Binds 127.0.0.1 only and
// prints its URL on the first line of stdout.
import { parseArgs } from "node:util";
import { conformanceServer } from "../src/server/conformance";
import { startHttpServer } from "../src/server/http/handler";

const { values } = parseArgs({ options: { port: { type: "string", default: "0" } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not ${values.port}`);
  process.exit(2);
}

const running = await startHttpServer(conformanceServer(), { port });
console.log(running.url);

const stop = (): void => {
  void running.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
