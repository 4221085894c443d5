// Scale-out: two reference server processes behind a round-robin proxy on 127.0.0.1. With
// one stateSecret every multi-round flow completes although its rounds land on different processes
// (the state travels in requestState, SEP-2322); with different secrets the second round is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type McpError, Client, text, StreamableHttpTransport } from "../core";
import { caught, demoHandlers } from "./harness";
import { spawnDemoServer, type DemoProcess } from "./processes";
import { startProxy, type ProxiedRequest, type RunningProxy } from "./proxy";

interface Farm {
  processes: DemoProcess[];
  proxy: RunningProxy;
  client: Client;
  stop(): Promise<void>;
}

async function farm(secrets: [string, string]): Promise<Farm> {
  const processes = await Promise.all(secrets.map((s) => spawnDemoServer(["--state-secret", s])));
  const proxy = await startProxy({ backends: processes.map((p) => p.url) });
  const client = await new Client(new StreamableHttpTransport(proxy.url), { handlers: demoHandlers() }).open();
  return {
    processes,
    proxy,
    client,
    stop: async () => {
      await client.close();
      await proxy.close();
      await Promise.all(processes.map((p) => p.stop()));
    },
  };
}

/** Runs one call and returns it with the requests the proxy saw for it, in order. */
async function traced<T>(f: Farm, run: () => Promise<T>): Promise<{ value: T; rounds: ProxiedRequest[] }> {
  const before = f.proxy.requests.length;
  const value = await run();
  return { value, rounds: f.proxy.requests.slice(before) };
}

const FLOWS: [string, (c: Client) => Promise<Record<string, unknown>>, RegExp, number][] = [
  ["greet", (c) => c.callTool("greet"), /^Hello, Ada!$/, 2],
  ["two-steps", (c) => c.callTool("two-steps"), /^Ada likes blue$/, 3],
  ["connect-account", (c) => c.callTool("connect-account"), /^Account linked/, 2],
  ["summarize", (c) => c.callTool("summarize", { text: "MCP lets servers ask for input." }), /^Summary from test-model: A short summary\.$/, 2],
  ["list-workspace", (c) => c.callTool("list-workspace"), /shares 1 root/, 2],
  ["onboard", (c) => c.callTool("onboard"), /^Welcome aboard, Ada!/, 2],
  ["survey", (c) => c.callTool("survey"), /^Thanks! You answered:/, 2],
  ["resource demo://weather", (c) => c.readResource("demo://weather"), /^Oslo: snow/, 2],
  ["prompt tone", (c) => c.getPrompt("tone", { topic: "tides" }), /in a pirate tone/, 2],
];

function joined(result: Record<string, unknown>): string {
  const contents = Array.isArray(result.contents) ? (result.contents as { text?: string }[]) : [];
  const messages = Array.isArray(result.messages) ? (result.messages as { content?: { text?: string } }[]) : [];
  return [text(result), ...contents.map((c) => c.text ?? ""), ...messages.map((m) => m.content?.text ?? "")].filter(Boolean).join("\n");
}

describe("two processes with one stateSecret behind a round-robin proxy", () => {
  let f: Farm;
  beforeAll(async () => {
    f = await farm(["one-secret", "one-secret"]);
  }, 60_000);
  afterAll(() => f?.stop());

  it("runs two separate server processes", () => {
    expect(new Set(f.processes.map((p) => p.pid)).size).toBe(2);
    expect(new Set(f.processes.map((p) => p.url)).size).toBe(2);
  });

  it.each(FLOWS)("%s completes with its rounds on different processes", async (name, run, expected, rounds) => {
    const { value, rounds: seen } = await traced(f, () => run(f.client));
    expect(joined(value)).toMatch(expected);
    expect(seen).toHaveLength(rounds);
    // Each retry carries the answers (and the token, when the last round signed one) to the process
    // that did not see the round before.
    const params = seen.map((r) => (r.body?.params ?? {}) as Record<string, unknown>);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]?.backend).not.toBe(seen[i - 1]?.backend);
      expect(params[i]).toHaveProperty("inputResponses");
    }
    if (name === "two-steps") expect(params.slice(1).map((p) => typeof p.requestState)).toEqual(["string", "string"]);
    expect(new Set(seen.map((r) => r.backend)).size).toBe(2);
    expect(seen.every((r) => r.status === 200)).toBe(true);
  });
});

describe("two processes with different stateSecrets behind the same proxy", () => {
  let f: Farm;
  beforeAll(async () => {
    f = await farm(["secret-a", "secret-b"]);
  }, 60_000);
  afterAll(() => f?.stop());

  // Only flows that sign state can be refused: greet keeps none, so its second round has no token to check.
  it.each(["two-steps", "connect-account", "onboard"])("%s: the second round, on the other process, is refused with -32602", async (tool) => {
    const { value: error, rounds } = await traced(f, () => caught<McpError>(f.client.callTool(tool)));
    expect(error).toMatchObject({ kind: "protocol", code: -32602, data: { reason: "signature" } });
    expect(error.message).toMatch(/^requestState signature does not match/);
    expect(rounds.map((r) => r.status)).toEqual([200, 400]);
    expect(rounds[0]?.backend).not.toBe(rounds[1]?.backend);
  });
});
