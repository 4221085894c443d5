// Scale-out : three reference server processes behind a real HAProxy on 127.0.0.1
// (test/support/haproxy.ts), the way servers run past one machine. With one stateSecret every multi-round
// 2026-07-28 flow completes although its rounds land on different processes round-robin (the state
// travels in requestState, SEP-2322); with different secrets the second round is refused.
// Initialize-era sessions stay on the process that issued their Mcp-Session-Id (HAProxy's stick
// table). A process killed mid-flow: a 2026-07-28 flow finishes on another process; an initialize-era
// session gets a clear error, and a new connection works.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type McpError, type InputHandlers, Client, text, StreamableHttpTransport } from "../../src/core";
import { caught, demoHandlers } from "../support/harness";
import { haproxyVersion, startHaproxy, type RunningHaproxy } from "../support/haproxy";
import { spawnDemoServer, type DemoProcess } from "../support/processes";

/** One request as it went through HAProxy: the JSON-RPC body, the status and the server that answered. */
interface Traced {
  method: string;
  body: Record<string, unknown> | undefined;
  sessionId: string | undefined;
  status: number;
  /** `s0`, `s1`, `s2`: the index into the farm's processes. */
  servedBy: string | undefined;
}

interface Farm {
  processes: DemoProcess[];
  haproxy: RunningHaproxy;
  requests: Traced[];
  /** Called after each response, before the client sees it (a test kills a process here). */
  afterResponse?: (t: Traced) => Promise<void> | void;
  client(options?: { versions?: string[]; handlers?: InputHandlers }): Promise<Client>;
  stop(): Promise<void>;
}

const HAPROXY = haproxyVersion();
if (!HAPROXY) console.warn("scale-out tests SKIPPED: no haproxy binary here (Debian: apt-get install haproxy; .ci/run installs it)");

async function farm(secrets: string[]): Promise<Farm> {
  const processes = await Promise.all(secrets.map((s) => spawnDemoServer(["--state-secret", s])));
  const haproxy = await startHaproxy(processes.map((p) => p.url));
  const clients: Client[] = [];
  const f: Farm = {
    processes,
    haproxy,
    requests: [],
    async client(options = {}) {
      const tracing: typeof fetch = async (input, init) => {
        const raw = typeof init?.body === "string" ? init.body : undefined;
        const response = await fetch(input, init);
        const t: Traced = {
          method: init?.method ?? "GET",
          body: raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined,
          sessionId: new Headers(init?.headers).get("mcp-session-id") ?? undefined,
          status: response.status,
          servedBy: response.headers.get("x-served-by") ?? undefined,
        };
        f.requests.push(t);
        await f.afterResponse?.(t);
        return response;
      };
      const client = await new Client(new StreamableHttpTransport(haproxy.url, { fetch: tracing }), { handlers: demoHandlers(), ...options }).open();
      clients.push(client);
      return client;
    },
    async stop() {
      await Promise.allSettled(clients.map((c) => c.close()));
      await haproxy.close();
      await Promise.all(processes.map((p) => p.stop()));
    },
  };
  return f;
}

/** Runs one call and returns it with the requests that went through HAProxy for it, in order. */
async function traced<T>(f: Farm, run: () => Promise<T>): Promise<{ value: T; rounds: Traced[] }> {
  const before = f.requests.length;
  const value = await run();
  return { value, rounds: f.requests.slice(before).filter((r) => r.method === "POST") };
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

describe.skipIf(!HAPROXY)(`three processes with one stateSecret behind HAProxy (${HAPROXY ?? "absent"})`, () => {
  let f: Farm;
  let client: Client;
  beforeAll(async () => {
    f = await farm(["one-secret", "one-secret", "one-secret"]);
    client = await f.client({ versions: ["2026-07-28"] });
  }, 90_000);
  afterAll(() => f?.stop());

  it("runs three separate server processes", () => {
    expect(new Set(f.processes.map((p) => p.pid)).size).toBe(3);
    expect(new Set(f.processes.map((p) => p.url)).size).toBe(3);
  });

  it.each(FLOWS)("%s completes with its rounds spread round-robin over the processes", async (name, run, expected, rounds) => {
    const { value, rounds: seen } = await traced(f, () => run(client));
    expect(joined(value)).toMatch(expected);
    expect(seen).toHaveLength(rounds);
    // Each retry carries the answers (and the token, when the last round signed one) to a process
    // that did not see the round before.
    const params = seen.map((r) => (r.body?.params ?? {}) as Record<string, unknown>);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]?.servedBy).not.toBe(seen[i - 1]?.servedBy);
      expect(params[i]).toHaveProperty("inputResponses");
    }
    if (name === "two-steps") {
      expect(params.slice(1).map((p) => typeof p.requestState)).toEqual(["string", "string"]);
      expect(new Set(seen.map((r) => r.servedBy)).size).toBe(3);
    }
    expect(seen.every((r) => r.status === 200 && /^s[012]$/.test(r.servedBy ?? ""))).toBe(true);
  });

  it("every process served some of it", () => {
    expect(new Set(f.requests.map((r) => r.servedBy))).toEqual(new Set(["s0", "s1", "s2"]));
  });

  it("initialize-era sessions stay on the process that issued their Mcp-Session-Id", async () => {
    const sessions = await Promise.all([1, 2, 3].map(() => f.client({ versions: ["2025-11-25"] })));
    for (const legacy of sessions) {
      expect(text(await legacy.callTool("greet"))).toBe("Hello, Ada!");
      expect(text(await legacy.callTool("two-steps"))).toBe("Ada likes blue");
    }
    const bySession = new Map<string, Set<string | undefined>>();
    for (const r of f.requests) if (r.sessionId) bySession.set(r.sessionId, (bySession.get(r.sessionId) ?? new Set()).add(r.servedBy));
    expect(bySession.size).toBe(3);
    for (const servers of bySession.values()) expect(servers.size).toBe(1);
    // Three sessions, opened round-robin: each on its own process.
    expect(new Set([...bySession.values()].map((s) => [...s][0])).size).toBe(3);
  });
});

describe.skipIf(!HAPROXY)("three processes with different stateSecrets behind HAProxy", () => {
  let f: Farm;
  let client: Client;
  beforeAll(async () => {
    f = await farm(["secret-a", "secret-b", "secret-c"]);
    client = await f.client({ versions: ["2026-07-28"] });
  }, 90_000);
  afterAll(() => f?.stop());

  // Only flows that sign state can be refused: greet keeps none, so its second round has no token to check.
  it.each(["two-steps", "connect-account", "onboard"])("%s: the second round, on another process, is refused with -32602", async (tool) => {
    const { value: error, rounds } = await traced(f, () => caught<McpError>(client.callTool(tool)));
    expect(error).toMatchObject({ kind: "protocol", code: -32602, data: { reason: "signature" } });
    expect(error.message).toMatch(/^requestState signature does not match/);
    expect(rounds.map((r) => r.status)).toEqual([200, 400]);
    expect(rounds[0]?.servedBy).not.toBe(rounds[1]?.servedBy);
  });
});

describe.skipIf(!HAPROXY)("a process killed mid-flow behind HAProxy", () => {
  let f: Farm;
  beforeAll(async () => {
    f = await farm(["one-secret", "one-secret", "one-secret"]);
  }, 90_000);
  afterEach(() => {
    f.afterResponse = undefined;
  });
  afterAll(() => f?.stop());

  const indexOf = (servedBy: string | undefined): number => Number(servedBy?.slice(1));

  it("2026-07-28: the process that answered round 1 dies; the retry finishes on another process", async () => {
    const client = await f.client({ versions: ["2026-07-28"] });
    let killed: string | undefined;
    f.afterResponse = async (t) => {
      if (killed === undefined && t.body?.method === "tools/call") {
        killed = t.servedBy;
        await f.processes[indexOf(killed)]?.stop();
      }
    };
    const { value, rounds } = await traced(f, () => client.callTool("two-steps"));
    expect(text(value)).toBe("Ada likes blue");
    expect(rounds).toHaveLength(3);
    expect(rounds[0]?.servedBy).toBe(killed);
    expect(rounds.slice(1).every((r) => r.status === 200 && r.servedBy !== killed)).toBe(true);
  }, 60_000);

  it("initialize era: the session's process dies mid-call: a clear error, then a new connection works", async () => {
    let killedBy: string | undefined;
    const handlers = demoHandlers();
    const legacy = await f.client({
      versions: ["2025-11-25"],
      handlers: {
        ...handlers,
        // The server asks its question; before the answer goes back, its process dies.
        "elicitation/create": async (params, ...rest) => {
          // The process that served this session's requests so far.
          const session = [...f.requests].reverse().find((r) => r.sessionId)?.sessionId;
          killedBy = f.requests.find((r) => r.sessionId === session)?.servedBy;
          await f.processes[indexOf(killedBy)]?.stop();
          return (handlers["elicitation/create"] as (...a: unknown[]) => unknown)(params, ...rest) as never;
        },
      },
    });
    const error = await caught<McpError>(legacy.callTool("greet"));
    expect(killedBy).toMatch(/^s[012]$/);
    // In words: the session is gone (its process answered no more), not a hang or a crash.
    expect(error.message).toMatch(/the server no longer knows this session \(HTTP 404 on it\): connect again/);
    // Its answer went to another process, which did not know the session.
    expect(f.requests.some((r) => r.status === 404 && r.servedBy !== killedBy)).toBe(true);
    const again = await f.client({ versions: ["2025-11-25"] });
    expect(text(await again.callTool("greet"))).toBe("Hello, Ada!");
    const newSession = [...f.requests].reverse().find((r) => r.sessionId)?.servedBy;
    expect(newSession).not.toBe(killedBy);
  }, 60_000);
});
