import { connect } from "../../src/core/mcp";
import { StreamableHttpTransport } from "../../src/core/transport/streamableHttp";
import { server } from "../../src/server";
import { greet } from "../../src/server/demo";
import { startHttpServer } from "../../src/server/http/handler";
const srv = await startHttpServer(server({ name: "presa", version: "1", tools: [greet] }));
const client = await connect(new StreamableHttpTransport(srv.url), { handlers: { "elicitation/create": () => ({ action: "accept", content: { name: "Ada" } }) } });
const params1 = { name: "greet", arguments: {} };
const params2 = { name: "greet", arguments: {}, inputResponses: { who: { action: "accept", content: { name: "Ada" } } } };
const t0 = performance.now(); let n = 0;
while (performance.now() - t0 < 8000) { await client.request("tools/call", n % 2 ? params2 : params1); n++; }
console.log(n / 8, "rounds/s");
await client.close(); await srv.close();
