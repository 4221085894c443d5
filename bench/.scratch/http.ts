import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "../../src/core/mcp";
import { StreamableHttpTransport } from "../../src/core/transport/streamableHttp";
import { server } from "../../src/server";
import { greet } from "../../src/server/demo";
import { startHttpServer } from "../../src/server/http/handler";

const srv = await startHttpServer(server({ name: "presa", version: "1", tools: [greet] }));
let inFetch = 0;
const timedFetch: typeof fetch = async (i, init) => { const t = performance.now(); const r = await globalThis.fetch(i, init); const b = await r.text(); inFetch += performance.now() - t; return new Response(b, { status: r.status, headers: r.headers }); };
const client = await connect(new StreamableHttpTransport(srv.url, { fetch: timedFetch }), { handlers: { "elicitation/create": () => ({ action: "accept", content: { name: "Ada" } }) } });
await client.listTools();
// capture bytes of the two rounds
const bodies: string[] = [];
const hdrs: Record<string,string>[] = [];
const respBodies: string[] = [];
const realFetch = globalThis.fetch;
const tapClient = await connect(new StreamableHttpTransport(srv.url, { fetch: async (i, init) => { bodies.push(String(init?.body)); hdrs.push(Object.fromEntries(new Headers(init?.headers).entries())); const r = await realFetch(i, init); const t = await r.clone().text(); respBodies.push(t); return r; } }), { handlers: { "elicitation/create": () => ({ action: "accept", content: { name: "Ada" } }) } });
await tapClient.callTool("greet");
const reqBytes = bodies.slice(-2);
const reqHeaders = hdrs.slice(-2); console.log(reqHeaders); console.log(reqBytes.map((b) => b.length), respBodies.slice(-2).map((b) => b.length));
const echo = createServer((req, res) => { const chunks: Buffer[] = []; req.on("data", (c) => chunks.push(c)); req.on("end", () => { const b = Buffer.concat(chunks); res.writeHead(200, { "content-type": "application/json", "content-length": b.length }); res.end(b); }); });
await new Promise<void>((r) => echo.listen(0, "127.0.0.1", r));
const echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/mcp`;
const ours: number[] = []; const base: number[] = [];
const params1 = { name: "greet", arguments: {} };
const params2 = { name: "greet", arguments: {}, inputResponses: { who: { action: "accept", content: { name: "Ada" } } } };
async function oursRound(i: number) { const t0 = performance.now(); await client.request("tools/call", i % 2 ? params2 : params1); return performance.now() - t0; }
let baseFetch = 0;
async function baseRound(i: number) { const t0 = performance.now(); const r = await realFetch(echoUrl, { method: "POST", headers: reqHeaders[i % 2], body: reqBytes[i % 2] }); const txt = await r.text(); new Response(txt, { status: r.status, headers: r.headers }); baseFetch += performance.now() - t0; JSON.parse(txt); return performance.now() - t0; }
for (let i = 0; i < 500; i++) { await oursRound(i); await baseRound(i); }
inFetch = 0; baseFetch = 0;
for (let i = 0; i < 3000; i++) { ours.push(await oursRound(i)); base.push(await baseRound(i)); }
const q = (a: number[], p: number) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(p * s.length))]!; };
console.log("ours p50", q(ours, 0.5).toFixed(3), "p99", q(ours, 0.99).toFixed(3));
console.log("base p50", q(base, 0.5).toFixed(3), "p99", q(base, 0.99).toFixed(3));
const sumO = ours.reduce((a, b) => a + b, 0); console.log("ours mean", (sumO / 3000).toFixed(3), "in fetch", (inFetch / 3000).toFixed(3), "base in fetch", (baseFetch / 3000).toFixed(3));
console.log("ratio p50", (q(ours, 0.5) / q(base, 0.5)).toFixed(2));
await client.close(); await tapClient.close(); await srv.close(); echo.close();
