// Faults around a flow: the HTTP server killed mid-flow and started again, an initialize-era
// SSE stream dropped and resumed with Last-Event-ID, and timeouts that wait for a person but not for
// a server that went quiet.
import { afterEach, describe, expect, it } from "vitest";
import { type McpError, Client, text, type InputHandlers, StreamableHttpTransport } from "../../src/core";
import { elicit } from "../../src/core/protocol";
import { inputRequired, inputResponse, server } from "../../src/server";
import { demoServer } from "../../src/server/demo";
import { startHttpServer, type RunningHttpServer } from "../../src/server/http/handler";
import { caught, closePairs, deferred, demoHandlers, flush, manualClock, openPair } from "../support/harness";
import { startProxy, type RunningProxy } from "../support/proxy";

afterEach(closePairs);

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop().catch(() => undefined)));
});

/** Handlers whose first form waits for `gate`: the person is still typing while the test acts. */
function gatedHandlers(gate: Promise<void>, entered: () => void): InputHandlers {
  const handlers = demoHandlers();
  let first = true;
  return {
    ...handlers,
    "elicitation/create": async (params, ctx) => {
      if (first) {
        first = false;
        entered();
        await gate;
      }
      return handlers["elicitation/create"](params, ctx);
    },
  };
}

async function httpClient(url: string, handlers: InputHandlers, versions?: string[]): Promise<Client> {
  const client = new Client(new StreamableHttpTransport(url), { handlers, ...(versions ? { versions } : {}) });
  stops.push(() => client.close());
  return client.open();
}

describe("the HTTP server killed in the middle of a flow and started again", () => {
  async function restartDuringTwoSteps(stateSecret: string | undefined, versions?: string[]) {
    const options = stateSecret === undefined ? {} : { stateSecret };
    let running: RunningHttpServer = await startHttpServer(demoServer(options), { port: 0 });
    stops.push(() => running.close());
    const gate = deferred();
    const entered = deferred();
    const client = await httpClient(running.url, gatedHandlers(gate.promise, entered.resolve), versions);
    const call = client.callTool("two-steps");
    await entered.promise;
    // The person is answering round 1 while the server dies and comes back on the same port.
    const port = running.port;
    await running.close();
    running = await startHttpServer(demoServer(options), { port });
    // The person takes a moment more, as people do; long enough for the client's HTTP pool to see
    // its keep-alive sockets to the old process close (a POST on a dead socket is not retried).
    await new Promise((resolve) => setTimeout(resolve, 100));
    gate.resolve();
    return { client, call, running: () => running };
  }

  it("2026-07-28, a new random key: the old token is refused with -32602, and running the call again completes", async () => {
    const { client, call } = await restartDuringTwoSteps(undefined);
    const error = await caught<McpError>(call);
    expect(error).toMatchObject({ kind: "protocol", code: -32602, data: { reason: "signature" } });
    expect(error.message).toMatch(/signature does not match: .*a restarted server makes a new one unless stateSecret is set/);
    // "Run again": the same call, from round 1, on the same client.
    expect(text(await client.callTool("two-steps"))).toBe("Ada likes blue");
  });

  it("2026-07-28, a shared stateSecret: the token outlives the restart and the flow completes", async () => {
    const { call } = await restartDuringTwoSteps("survives-restarts");
    expect(text(await call)).toBe("Ada likes blue");
  });

  it("2025-11-25: the session is gone, so the call fails as a transport error and a new session works", async () => {
    const { call, running } = await restartDuringTwoSteps(undefined, ["2025-11-25"]);
    const error = await caught<McpError>(call);
    expect(error.kind).toBe("transport");
    // 404 (session not found) on the resume, or, once another request has found the session gone, that in words.
    expect(error.message).toMatch(/could not resume the stream: (resuming GET: HTTP 404|the server no longer knows this session \(HTTP 404 on it\): connect again)/);
    const again = await httpClient(running().url, demoHandlers(), ["2025-11-25"]);
    expect(text(await again.callTool("two-steps"))).toBe("Ada likes blue");
  });
});

describe("an initialize-era SSE stream dropped in the middle of a call", () => {
  async function throughProxy(refuseGet: boolean): Promise<{ proxy: RunningProxy; client: Client }> {
    const running = await startHttpServer(demoServer(), { port: 0 });
    stops.push(() => running.close());
    const proxy = await startProxy({
      backends: [running.url],
      refuseGet,
      cutAfterFirstEvent: (r) => r.method === "POST" && r.body?.method === "tools/call",
    });
    stops.push(() => proxy.close());
    return { proxy, client: await httpClient(proxy.url, demoHandlers(), ["2025-11-25"]) };
  }

  it("is resumed with GET and Last-Event-ID where the server supports it, and the call completes", async () => {
    const { proxy, client } = await throughProxy(false);
    expect(text(await client.callTool("greet"))).toBe("Hello, Ada!");
    expect(proxy.cuts()).toBe(1);
    const resumed = proxy.requests.filter((r) => r.method === "GET" && r.headers["last-event-id"] !== undefined);
    expect(resumed).toHaveLength(1);
    expect(resumed[0]?.headers["last-event-id"]).toMatch(/^[0-9a-f]{8}-1$/);
    expect(resumed[0]?.status).toBe(200);
    expect(text(await client.callTool("echo", { message: "still here" }))).toBe("still here");
  });

  it("fails the call in words where the server cannot resume (GET answered 405)", async () => {
    const { client } = await throughProxy(true);
    const error = await caught<McpError>(client.callTool("greet"));
    expect(error.kind).toBe("transport");
    expect(error.message).toMatch(/^could not resume the stream: resuming GET: HTTP 405/);
  });
});

/** A tool that asks once, then never answers the retry: a server that stops answering mid-flow. */
function stallingServer() {
  return server({
    name: "stalls",
    version: "1",
    tools: [
      {
        name: "stall",
        handler: (_args, ctx) => {
          if (!inputResponse(ctx, "go")) return inputRequired({ go: elicit("Go on?", { type: "object", properties: { ok: { type: "boolean" } } }) });
          return new Promise((_resolve, reject) => ctx.signal.addEventListener("abort", () => reject(new Error("cancelled")), { once: true }));
        },
      },
    ],
  });
}

describe("timeouts wait for a person, not for a server that went quiet (manual clock)", () => {
  for (const versions of [undefined, ["2025-11-25"]]) {
    const revision = versions ? versions[0] : "2026-07-28";

    it(`${revision}: ten minutes of answering a form never times out; the flow completes`, async () => {
      const clock = manualClock();
      const gate = deferred();
      const entered = deferred();
      const p = await openPair({ transport: "in-process", clock, requestTimeoutMs: 1000, handlers: gatedHandlers(gate.promise, entered.resolve), ...(versions ? { versions } : {}) });
      let settled = false;
      const call = p.client.callTool("two-steps").finally(() => (settled = true));
      await entered.promise;
      // 2026-07-28: no request is in flight while the person answers; initialize era: its timer is held.
      expect(clock.pending()).toBe(0);
      for (let minute = 0; minute < 10; minute++) {
        clock.advance(60_000);
        await flush();
      }
      expect(settled).toBe(false);
      gate.resolve();
      expect(text(await call)).toBe("Ada likes blue");
      expect(clock.pending()).toBe(0);
    });

    it(`${revision}: a server that stops answering after the person answered times out on time`, async () => {
      const clock = manualClock();
      const gate = deferred();
      const entered = deferred();
      const p = await openPair({
        transport: "in-process",
        server: stallingServer(),
        clock,
        requestTimeoutMs: 1000,
        handlers: gatedHandlers(gate.promise, entered.resolve),
        ...(versions ? { versions } : {}),
      });
      let settled = false;
      const call = p.client.callTool("stall").finally(() => (settled = true));
      await entered.promise;
      clock.advance(600_000);
      await flush();
      expect(settled).toBe(false);
      gate.resolve();
      for (let i = 0; i < 5 && clock.pending() === 0; i++) await flush();
      expect(clock.pending()).toBe(1);
      clock.advance(999);
      await flush();
      expect(settled).toBe(false);
      clock.advance(1);
      const error = await caught<McpError>(call);
      expect(error).toMatchObject({ kind: "timeout", message: "tools/call got no answer in 1000 ms" });
    });
  }
});
