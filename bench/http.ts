/**
 * Figure 2: Streamable HTTP on 127.0.0.1. The latency of one input round of the greet flow (the
 * POST that asks, and the POST that answers) through our client and server, against a bare Node
 * HTTP server that echoes the same bytes, posted by the same fetch with the same headers.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect, StreamableHttpTransport } from "../src/core";
import { server } from "../src/server";
import { greet } from "../src/server/demo";
import { startHttpServer } from "../src/server/http/handler";
import { figure, reported, withinTimes, type Figure } from "./lib/figures";
import { median, quantile } from "./lib/stats";

const WARMUP = 400;
const SAMPLES = 2000;
const ASK = { name: "greet", arguments: {} };
const ANSWER = { ...ASK, inputResponses: { who: { action: "accept", content: { name: "Ada" } } } };

interface Posted {
  body: string;
  headers: Record<string, string>;
}

/** A server that answers every POST with its own body: HTTP and nothing else. */
async function echoServer(): Promise<{ url: string; server: Server }> {
  const echo = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": body.length }).end(body);
    });
  });
  await new Promise<void>((done) => echo.listen(0, "127.0.0.1", done));
  return { url: `http://127.0.0.1:${(echo.address() as AddressInfo).port}/mcp`, server: echo };
}

export async function run(log: (line: string) => void): Promise<Figure[]> {
  const ours = await startHttpServer(server({ name: "presa-bench", version: "1.0.0", tools: [greet] }));
  // Our client records what it posts, once, so the baseline sends exactly those bytes.
  const posted: Posted[] = [];
  let record = false;
  const recording: typeof fetch = (input, init) => {
    if (record && init?.method === "POST") posted.push({ body: String(init.body), headers: Object.fromEntries(new Headers(init.headers).entries()) });
    return globalThis.fetch(input, init);
  };
  const client = await connect(new StreamableHttpTransport(ours.url, { fetch: recording }), { handlers: { "elicitation/create": () => ({ action: "accept", content: { name: "Ada" } }) } });
  if (client.revision !== "2026-07-28") throw new Error(`negotiated ${client.revision}`);
  record = true;
  const asked = await client.request("tools/call", ASK);
  const answered = await client.request("tools/call", ANSWER);
  record = false;
  if (asked.resultType !== "input_required" || answered.resultType !== "complete") throw new Error("the greet rounds did not ask, then answer");
  const echo = await echoServer();

  const oursRound = async (i: number): Promise<number> => {
    const t0 = performance.now();
    await client.request("tools/call", i % 2 === 0 ? ASK : ANSWER);
    return performance.now() - t0;
  };
  // The app's tool calls carry a cancel signal (the input driver's Cancel button), which fetch
  // hooks: shown beside the figure, as what a call from the UI costs.
  const signalledRound = async (i: number): Promise<number> => {
    const cancel = new AbortController();
    const t0 = performance.now();
    await client.request("tools/call", i % 2 === 0 ? ASK : ANSWER, { signal: cancel.signal });
    return performance.now() - t0;
  };
  const bareRound = async (i: number): Promise<number> => {
    const { body, headers } = posted[i % 2] as Posted;
    const t0 = performance.now();
    const response = await fetch(echo.url, { method: "POST", headers, body });
    JSON.parse(await response.text());
    return performance.now() - t0;
  };
  for (let i = 0; i < WARMUP; i++) {
    await oursRound(i);
    await signalledRound(i);
    await bareRound(i);
  }
  const a: number[] = [];
  const b: number[] = [];
  const c: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    // Alternate who goes first, so neither side always runs on a warmer connection.
    if (i % 4 < 2) {
      a.push(await oursRound(i));
      b.push(await bareRound(i));
      c.push(await signalledRound(i));
    } else {
      c.push(await signalledRound(i));
      b.push(await bareRound(i));
      a.push(await oursRound(i));
    }
  }
  await client.close();
  await ours.close();
  await new Promise<void>((done) => {
    echo.server.closeAllConnections();
    echo.server.close(() => done());
  });
  const [p50, p99, b50, b99] = [median(a), quantile(a, 0.99), median(b), quantile(b, 0.99)];
  const s50 = median(c);
  log(`  http round: ours p50 ${p50.toFixed(3)} ms p99 ${p99.toFixed(3)} ms; bare echo p50 ${b50.toFixed(3)} ms p99 ${b99.toFixed(3)} ms; with a cancel signal p50 ${s50.toFixed(3)} ms`);
  const note = `${SAMPLES} rounds each, interleaved, after ${WARMUP} warm-up; the greet flow's two POSTs (${posted.map((p) => p.body.length).join(" and ")} bytes) alternate; baseline: the same bytes and headers posted by the same fetch (Node ${process.versions.node}) to a bare node:http server that echoes the body`;
  return [
    figure({ id: "http.p50", name: "3. HTTP input round, p50", value: p50, unit: "ms", baseline: b50, baselineName: "bare echo", goal: withinTimes(1.2), note }),
    figure({ id: "http.p99", name: "3. HTTP input round, p99", value: p99, unit: "ms", baseline: b99, baselineName: "bare echo", goal: withinTimes(1.5), note }),
    figure({
      id: "http.signalled",
      name: "3. HTTP input round with a cancel signal, p50",
      value: s50,
      unit: "ms",
      baseline: b50,
      baselineName: "bare echo",
      goal: reported(),
      note: `${note}; the same rounds, each given an AbortSignal as the app's tool calls are (its Cancel button): fetch then hooks the signal, which a round without one does not pay`,
    }),
  ];
}
