/**
 * No timer runs against a person: a sign-in that takes three minutes (on a manual clock that moves
 * only when the test says) ends connected, on the revision a sign-in at machine speed gets, in both
 * eras, against the protected demo (a real authorization server). And a probe that fails for a
 * reason the specification does not name for falling back is an error in words, not an
 * initialize-era server.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Client, HumanWaits, McpError, OAuthClient, StreamableHttpTransport, connect, pausedWhileWaiting, text, type AuthorizeStep } from "../src/core";
import { signInAgent, startProtectedDemo, type ProtectedDemo } from "../src/server/auth";
import { demoServer } from "../src/server/demo";
import { deferred, flush, manualClock, openPair } from "../src/test/harness";

let demo: ProtectedDemo | undefined;
let client: Client | undefined;
let plain: Server | undefined;
afterEach(async () => {
  await client?.close().catch(() => undefined);
  client = undefined;
  await demo?.close();
  demo = undefined;
  plain?.closeAllConnections();
  await new Promise<void>((resolve) => (plain ? plain.close(() => resolve()) : resolve()));
  plain = undefined;
});

const handlers = { "elicitation/create": () => ({ action: "accept" as const, content: { name: "Ada" } }) };
const THREE_MINUTES = 3 * 60_000;

/** Signs in as the demo user, after `think` has run (the person reading the page, on the test's clock). */
function slowAgent(think: () => void): AuthorizeStep {
  const agent = signInAgent();
  return async (request) => {
    think();
    return agent(request);
  };
}

async function signIn(versions: string[] | undefined, think: (clock: ReturnType<typeof manualClock>) => void): Promise<{ revision: string | undefined; pendingWhileThinking: number }> {
  demo = await startProtectedDemo(demoServer());
  const clock = manualClock();
  let pendingWhileThinking = -1;
  const oauth = new OAuthClient({
    redirectUrl: "http://127.0.0.1:1/callback",
    authorize: slowAgent(() => {
      think(clock);
      pendingWhileThinking = clock.pending();
    }),
  });
  client = await connect(new StreamableHttpTransport(demo.url, { auth: oauth }), {
    ...(versions ? { versions } : {}),
    clock,
    requestTimeoutMs: 30_000,
    clientInfo: { name: "t", version: "1" },
    handlers,
  });
  expect(text(await client.callTool("greet", {}))).toBe("Hello, Ada!");
  return { revision: client.revision, pendingWhileThinking };
}

describe("a sign-in at human speed", () => {
  for (const [era, versions] of [
    ["2026-07-28 (auto)", undefined],
    ["2025-11-25 (initialize)", ["2025-11-25"]],
  ] as const) {
    it(`${era}: three minutes in the sign-in window end on the revision a fast sign-in gets`, async () => {
      const fast = await signIn(versions ? [...versions] : undefined, () => undefined);
      await client?.close();
      await demo?.close();
      const slow = await signIn(versions ? [...versions] : undefined, (clock) => clock.advance(THREE_MINUTES));
      expect(slow.revision).toBe(fast.revision);
      expect(slow.revision).toBe(versions ? versions[0] : "2026-07-28");
      // While the person was in the window no timer counted on the clock (the waiting request's stood still).
      expect(slow.pendingWhileThinking).toBe(0);
    });
  }
});

describe("pausedWhileWaiting", () => {
  it("stops every timer while a person is waited on and goes on with the time each had left", () => {
    const inner = manualClock();
    const waits = new HumanWaits();
    const clock = pausedWhileWaiting(inner, waits);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push("a"), 1000);
    inner.advance(400);
    const end = waits.begin();
    clock.setTimeout(() => fired.push("b"), 100);
    inner.advance(THREE_MINUTES);
    expect(fired).toEqual([]);
    const endToo = waits.begin();
    end();
    end();
    inner.advance(THREE_MINUTES);
    expect(fired).toEqual([]);
    endToo();
    inner.advance(99);
    expect(fired).toEqual([]);
    inner.advance(1);
    expect(fired).toEqual(["b"]);
    inner.advance(499);
    expect(fired).toEqual(["b"]);
    inner.advance(1);
    expect(fired).toEqual(["b", "a"]);
    const c = clock.setTimeout(() => fired.push("c"), 10);
    waits.begin();
    clock.clearTimeout(c);
    expect(inner.pending()).toBe(0);
  });

  it("a question to the person during a call stops the other requests' timers too (initialize era)", async () => {
    const clock = manualClock();
    const answer = deferred<{ action: "accept"; content: { name: string } }>();
    const asked = deferred();
    const p = await openPair({
      transport: "in-process",
      versions: ["2025-11-25"],
      clock,
      requestTimeoutMs: 1000,
      handlers: { "elicitation/create": () => (asked.resolve(), answer.promise) },
    });
    const call = p.client.callTool("greet");
    await asked.promise;
    expect(p.client.humanWaits.waiting).toBe(true);
    clock.advance(THREE_MINUTES);
    await flush();
    answer.resolve({ action: "accept", content: { name: "Ada" } });
    expect(text(await call)).toBe("Hello, Ada!");
    expect(p.client.humanWaits.waiting).toBe(false);
  });
});

describe("a probe that says nothing of the era", () => {
  async function httpServer(answer: (body: string, res: import("node:http").ServerResponse) => void): Promise<string> {
    plain = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => answer(body, res));
    });
    await new Promise<void>((resolve) => plain?.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(plain.address() as AddressInfo).port}/mcp`;
  }

  it("a timed-out HTTP probe is an error in words, and no initialize is sent", async () => {
    const methods: string[] = [];
    const url = await httpServer((body) => (body ? methods.push((JSON.parse(body) as { method: string }).method) : undefined)); // never answers
    const clock = manualClock();
    const connecting = connect(new StreamableHttpTransport(url), { clock, probeTimeoutMs: 500 }).then(
      () => undefined,
      (e: McpError) => e,
    );
    while (methods.length === 0) await new Promise((r) => setTimeout(r, 5));
    clock.advance(500);
    const error = await connecting;
    expect(error).toBeInstanceOf(McpError);
    expect(error?.kind).toBe("timeout");
    expect(error?.message).toMatch(/^the server\/discover probe got no answer in time \(server\/discover got no answer in 500 ms\); that does not make the server initialize-era/);
    expect(methods).toEqual(["server/discover"]);
  });

  it("a 503 to the probe is an error in words; a 404 still means initialize-era", async () => {
    const methods: string[] = [];
    let status = 503;
    const url = await httpServer((body, res) => {
      const message = (body ? JSON.parse(body) : {}) as { method?: string; id?: number };
      if (message.method) methods.push(message.method);
      if (message.method === "server/discover") {
        res.writeHead(status, { "content-type": "text/plain" }).end("busy");
        return;
      }
      if (message.method === "initialize") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result: { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "old", version: "1" } } }));
        return;
      }
      res.writeHead(202).end();
    });
    const refused = await connect(new StreamableHttpTransport(url)).then(
      () => undefined,
      (e: McpError) => e,
    );
    expect(refused?.status).toBe(503);
    expect(refused?.message).toMatch(/probe failed with HTTP 503, a passing trouble .*does not make the server initialize-era/);
    expect(methods).toEqual(["server/discover"]);
    status = 404;
    client = await connect(new StreamableHttpTransport(url));
    expect(client.revision).toBe("2025-11-25");
  });
});
