// The reference server closes a socket that connects and sends nothing once the headers' limit has
// passed (here shortened to 200 ms, checked every 50 ms), while a request still gets its answer with
// such sockets open, and a response that lasts longer than the limits (a call streaming progress
// for ~1 s) is not cut. Each waits for the event (the socket's close, the answer), not a deadline.
import { idleSocket } from "../../../test/support/idleSocket";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoServer } from "../demo";
import { startHttpServer } from "./handler";

let running: Awaited<ReturnType<typeof startHttpServer>>;
beforeAll(async () => {
  running = await startHttpServer(demoServer(), { port: 0, socketTimeouts: { headersMs: 200, requestMs: 400, checkEveryMs: 50 } });
});
afterAll(() => running.close());

const post = (body: unknown) =>
  fetch(running.url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify(body) });

describe("idle sockets on the reference server", () => {
  it("a socket that sends nothing is answered 408 and closed", async () => {
    const { closed } = idleSocket(running.port);
    expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("a request is answered while idle sockets are open, and a long streamed response is not cut", async () => {
    const idle = Array.from({ length: 20 }, () => idleSocket(running.port));
    const initialize = await post({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
    expect(initialize.status).toBe(200);
    const session = initialize.headers.get("mcp-session-id") ?? "";
    await initialize.text();
    // A call that streams progress for about a second, several times the limits above.
    const call = await fetch(running.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "countdown", arguments: { steps: 4, delayMs: 300 }, _meta: { progressToken: "p" } } }),
    });
    expect(call.status).toBe(200);
    const text = await call.text();
    expect(text).toContain("Counted 4 steps.");
    for (const { closed } of idle) expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
  });
});
