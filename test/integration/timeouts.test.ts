// Request timeouts on a manual clock: they fire when time passes them, never while a person is
// answering the input a request waits on (initialize era), and a silent probe falls back to initialize.
import { afterEach, describe, expect, it } from "vitest";
import { text, type McpError } from "../../src/core";
import { STUB_DISCOVER, caught, closePairs, deferred, demoHandlers, flush, manualClock, openPair, stubPair } from "../support/harness";

afterEach(closePairs);

describe("request timeouts (manual clock)", () => {
  it("a request the server never answers fails with kind timeout exactly when its time is up", async () => {
    const clock = manualClock();
    const never = new Promise<Record<string, unknown>>(() => undefined);
    const stub = stubPair((request) => (request.method === "server/discover" ? STUB_DISCOVER : never), { clock, requestTimeoutMs: 1000 });
    await stub.connect();
    let settled = false;
    const list = stub.client.listTools().finally(() => (settled = true));
    await flush();
    clock.advance(999);
    await flush();
    expect(settled).toBe(false);
    clock.advance(1);
    const error = await caught<McpError>(list);
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe("tools/list got no answer in 1000 ms");
    await stub.close();
  });

  it("on 2025-11-25 the call's timeout is held while the person answers its live input request", async () => {
    const clock = manualClock();
    const gate = deferred();
    const entered = deferred();
    const handlers = demoHandlers();
    const p = await openPair({
      transport: "in-process",
      versions: ["2025-11-25"],
      clock,
      requestTimeoutMs: 1000,
      handlers: { ...handlers, "elicitation/create": async (params, ctx) => (entered.resolve(), await gate.promise, handlers["elicitation/create"](params, ctx)) },
    });
    let settled = false;
    const call = p.client.callTool("greet").finally(() => (settled = true));
    await entered.promise;
    clock.advance(60_000);
    await flush();
    expect(settled).toBe(false);
    gate.resolve();
    expect(text(await call)).toBe("Hello, Ada!");
    expect(clock.pending()).toBe(0);
  });

  it("a probe that gets no answer within probeTimeoutMs falls back to initialize", async () => {
    const clock = manualClock();
    const never = new Promise<Record<string, unknown>>(() => undefined);
    const stub = stubPair(
      (request) => {
        if (request.method === "server/discover") return never;
        if (request.method === "initialize") return { protocolVersion: "2025-11-25", capabilities: {}, serverInfo: { name: "old", version: "1" } };
        return {};
      },
      { clock, probeTimeoutMs: 500 },
    );
    const connecting = stub.connect();
    await flush();
    clock.advance(500);
    await connecting;
    expect(stub.client.revision).toBe("2025-11-25");
    expect(stub.requests.map((r) => r.method)).toEqual(["server/discover", "initialize"]);
    await stub.close();
  });
});
