// The bridge closes a socket that connects and sends nothing once the headers' limit has passed
// (here shortened to 200 ms, checked every 50 ms), answers `/info` while such sockets are open, and
// never cuts a session's event stream that lasts longer than the limits. Each waits for the event
// (the socket's close, the stream's end), not a deadline.
import { idleSocket } from "../../test/support/idleSocket";
import { afterAll, describe, expect, it } from "vitest";
import { closeBridges, nodeScript, testBridge, TEST_TOKEN } from "../../test/support/bridge";

afterAll(() => closeBridges());

const auth = { Authorization: `Bearer ${TEST_TOKEN}` };

describe("idle sockets on the bridge", () => {
  it("a socket that sends nothing is answered 408 and closed; /info is answered meanwhile", async () => {
    const bridge = await testBridge({ socketTimeouts: { headersMs: 200, requestMs: 400, checkEveryMs: 50 } });
    const idle = Array.from({ length: 20 }, () => idleSocket(bridge.port));
    const info = await fetch(`${bridge.url}/info`, { headers: auth });
    expect(info.status).toBe(200);
    await info.json();
    for (const { closed } of idle) expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("a session's event stream that lasts longer than the limits is not cut", async () => {
    const bridge = await testBridge({ socketTimeouts: { headersMs: 200, requestMs: 400, checkEveryMs: 50 } });
    // A line every 100 ms for about 1.5 s, then the exit.
    const spec = nodeScript("let i = 0; const t = setInterval(() => { console.log(`line ${++i}`); if (i === 15) { clearInterval(t); process.exit(0); } }, 100);");
    const created = await fetch(`${bridge.url}/sessions`, { method: "POST", headers: { ...auth, "Content-Type": "application/json" }, body: JSON.stringify(spec) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const events = await fetch(`${bridge.url}/sessions/${id}/events`, { headers: auth });
    const text = await events.text();
    // Every line, in order, as a `data:` field of the stream's `stdout-lines` events.
    expect(text.match(/^data: line \d+$/gm)).toEqual(Array.from({ length: 15 }, (_, i) => `data: line ${i + 1}`));
    expect(text).toContain("event: exit\n");
  });
});
