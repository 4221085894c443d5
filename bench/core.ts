/**
 * Figure 1: the client core in-process on 2026-07-28. Two-round greet flows per second through our
 * client and server, against the same flow through the official SDK (`@modelcontextprotocol/client`
 * and `@modelcontextprotocol/server` 2.4.0 over their InMemoryTransport); and one requestState sign +
 * verify against a bare HMAC-SHA256 sign + verify of the same bytes.
 */
import { Client as SdkClient, type Transport as SdkTransport } from "@modelcontextprotocol/client";
import { InMemoryTransport, McpServer, acceptedContent, inputRequired } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { connect, text, type Client, inProcessPair } from "../src/core";
import { server, serveTransport } from "../src/server";
import { greet } from "../src/server/demo";
import { createStateKey, signState, verifyState } from "../src/server/token";
import { atLeastTimes, figure, withinTimes, type Figure } from "./lib/figures";
import { interleaved, median, rate, syncRate, type Rate } from "./lib/stats";

const NAME_SCHEMA = { type: "object" as const, properties: { name: { type: "string" as const } }, required: ["name"] };
const ANSWER = { action: "accept" as const, content: { name: "Ada" } };
const TRIALS = 10;
const TRIAL_MS = 700;

type Flow = () => Promise<string>;

/** Ours: the demo's greet tool on a server of its own, our client over the in-process pair. */
async function ourFlow(): Promise<{ flow: Flow; requests: () => number; close: () => Promise<void> }> {
  const pair = inProcessPair();
  serveTransport(server({ name: "presa-bench", version: "1.0.0", tools: [greet] }), pair.server, { caller: "bench" });
  const client: Client = await connect(pair.client, { handlers: { "elicitation/create": () => ANSWER } });
  if (client.revision !== "2026-07-28") throw new Error(`our client negotiated ${client.revision}`);
  let requests = 0;
  client.subscribe((e) => {
    if (e.type === "frame" && e.frame.direction === "out" && e.frame.message && "method" in e.frame.message) requests++;
  });
  return { flow: async () => text(await client.callTool("greet")), requests: () => requests, close: () => client.close() };
}

/**
 * Theirs: the same tool written with the SDK's `inputRequired` (as its MRTR docs show), served by
 * `serveStdio` over the SDK's InMemoryTransport (its documented "bring your own transport"; a bare
 * `McpServer.connect` on a message transport serves only the initialize era), and the SDK client
 * pinned to 2026-07-28 answering with `setRequestHandler("elicitation/create")`.
 */
async function sdkFlow(): Promise<{ flow: Flow; requests: () => number; close: () => Promise<void> }> {
  const make = (): McpServer => {
    const s = new McpServer({ name: "sdk-bench", version: "1.0.0" }, { capabilities: { tools: {} } });
    s.registerTool("greet", { description: "Greets whoever the user names" }, (ctx) => {
      const answer = acceptedContent<{ name: string }>(ctx.mcpReq.inputResponses, "who");
      if (answer) return { content: [{ type: "text" as const, text: `Hello, ${answer.name}!` }] };
      return inputRequired({ inputRequests: { who: inputRequired.elicit({ message: "Who should I greet?", requestedSchema: NAME_SCHEMA }) } });
    });
    return s;
  };
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  let requests = 0;
  const send = serverSide.send.bind(serverSide);
  const clientSend = clientSide.send.bind(clientSide);
  clientSide.send = (message, options) => {
    if ("method" in message && "id" in message) requests++;
    return clientSend(message, options);
  };
  serverSide.send = send;
  const handle = serveStdio(make, { transport: serverSide });
  const client = new SdkClient({ name: "sdk-bench-client", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: "2026-07-28" } } });
  client.setRequestHandler("elicitation/create", () => ANSWER);
  await client.connect(clientSide as unknown as SdkTransport);
  const flow: Flow = async () => {
    const result = (await client.callTool({ name: "greet", arguments: {} })) as { content?: { type: string; text?: string }[] };
    return result.content?.[0]?.text ?? "";
  };
  return {
    flow,
    requests: () => requests,
    close: async () => {
      await client.close();
      await handle.close();
    },
  };
}

/** Both flows must do the same work: the same answer, two requests each (ask, then answer). */
async function checkSame(name: string, side: { flow: Flow; requests: () => number }): Promise<void> {
  const before = side.requests();
  const out = await side.flow();
  const made = side.requests() - before;
  if (out !== "Hello, Ada!") throw new Error(`${name}: greet answered ${JSON.stringify(out)}`);
  if (made !== 2) throw new Error(`${name}: one greet flow made ${made} requests, not 2`);
}

async function flows(log: (line: string) => void): Promise<Figure> {
  const ours = await ourFlow();
  const theirs = await sdkFlow();
  await checkSame("ours", ours);
  await checkSame("SDK", theirs);
  // Warm both up (JIT, lazy schemas) before anything counts.
  await rate(ours.flow, 1500);
  await rate(theirs.flow, 1500);
  const trials = await interleaved(
    TRIALS,
    () => rate(ours.flow, TRIAL_MS),
    () => rate(theirs.flow, TRIAL_MS),
  );
  await ours.close();
  await theirs.close();
  const cpu = (rates: Rate[]) => median(rates.map((r) => r.cpu));
  const wall = (rates: Rate[]) => median(rates.map((r) => r.wall));
  const a = cpu(trials.a);
  const b = cpu(trials.b);
  log(
    `  core flows: ours ${a.toFixed(0)}/CPU-s, SDK ${b.toFixed(0)}/CPU-s; by wall clock ours ${wall(trials.a).toFixed(0)}/s, SDK ${wall(trials.b).toFixed(0)}/s (medians of ${TRIALS} interleaved trials of ${TRIAL_MS} ms)`,
  );
  return figure({
    id: "core.flows",
    name: "1. greet flows/s, in-process (ours vs SDK)",
    value: a,
    unit: "flows/s",
    baseline: b,
    baselineName: "SDK 2.4.0",
    goal: atLeastTimes(2),
    note:
      `flows per second of CPU time (wall clock: ours ${wall(trials.a).toFixed(0)}/s, SDK ${wall(trials.b).toFixed(0)}/s); 2026-07-28, two requests per flow (input_required, then the answer), checked on both sides; ` +
      `median of ${TRIALS} interleaved ${TRIAL_MS} ms trials after a warm-up; the SDK server is served by its serveStdio over its InMemoryTransport`,
  });
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

function token(log: (line: string) => void): Figure {
  const key = createStateKey("presa-demo-secret");
  const params = { name: "two-steps", arguments: {} };
  const scope = { method: "tools/call", params, caller: "bench" };
  const state = { step: 1 };
  const now = 1_800_000_000_000;
  const sample = signState(key, state, scope, now, 300_000);
  // The bytes the MAC covers: "p1." + payload.
  const signed = new TextEncoder().encode(sample.slice(0, sample.lastIndexOf(".")));
  let sink = 0;
  // The retry that carries the token back, with the answers: the digest leaves both out, as the
  // server does. Made once: a server gets the params from the request, the token code does not make them.
  const retryScope = { method: "tools/call", params: { ...params, inputResponses: { name: ANSWER }, requestState: sample }, caller: "bench" };
  const ours = (): void => {
    const t = signState(key, state, scope, now, 300_000);
    if (verifyState(key, t, retryScope, now + 1).ok) sink++;
  };
  const bare = (): void => {
    const mac = hmac(sha256, key, signed);
    if (equalBytes(mac, hmac(sha256, key, signed))) sink++;
  };
  syncRate(ours, 500);
  syncRate(bare, 500);
  const a: number[] = [];
  const b: number[] = [];
  const aWall: number[] = [];
  const bWall: number[] = [];
  const trial = (op: () => void, cpu: number[], wall: number[]): void => {
    const r = syncRate(op, 250);
    cpu.push(1e6 / r.cpu);
    wall.push(1e6 / r.wall);
  };
  // Interleaved, and who goes first alternates: a slow moment of the machine hits both alike.
  for (let i = 0; i < TRIALS * 2; i++) {
    if (i % 2 === 0) {
      trial(ours, a, aWall);
      trial(bare, b, bWall);
    } else {
      trial(bare, b, bWall);
      trial(ours, a, aWall);
    }
  }
  if (sink === 0) throw new Error("token bench verified nothing");
  const us = median(a);
  const baseUs = median(b);
  log(
    `  token: sign + verify ${us.toFixed(2)} µs CPU, bare HMAC sign + verify ${baseUs.toFixed(2)} µs CPU; by wall clock ${median(aWall).toFixed(2)} and ${median(bWall).toFixed(2)} µs (token ${sample.length} chars, ${signed.length} bytes signed)`,
  );
  return figure({
    id: "core.token",
    name: "1. requestState sign + verify",
    value: us,
    unit: "µs",
    baseline: baseUs,
    baselineName: "bare HMAC-SHA256 ×2",
    goal: withinTimes(1.5),
    note:
      `CPU time per operation (wall clock: ${median(aWall).toFixed(2)} vs ${median(bWall).toFixed(2)} µs); a ${sample.length}-character token signed for tools/call, then verified against the retry's params; ` +
      `baseline: hmac() of @noble/hashes (the library the token uses) over the same ${signed.length} signed bytes, once to sign and once more to verify, with a byte compare; ` +
      `the token code keeps a keyed HMAC state per key (the key's pads hashed once) and remembers recent params and caller digests, which the one-shot hmac() cannot`,
  });
}

export async function run(log: (line: string) => void): Promise<Figure[]> {
  const figures = [await flows(log)];
  figures.push(token(log));
  return figures;
}
