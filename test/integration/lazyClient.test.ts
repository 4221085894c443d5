// LazyClient: the client whose call rounds come from a loader (a chunk of their own in the page).
// Connecting and listing need none of it; the first call waits for it, callStarted still comes
// before startCall returns, a failed load is the call's error (and the next call loads again), and a
// loaded client runs calls, questions included, in both eras, as Client does.
import { afterEach, describe, expect, it } from "vitest";
import { LazyClient, inProcessPair, loadCallRounds, type ClientEvent, type ConnectOptions } from "../../src/core";
import { serveTransport } from "../../src/server";
import { demoServer } from "../../src/server/demo";
import { LEGACY, MODERN, deferred, demoHandlers } from "../support/harness";

type RoundsModule = Awaited<ReturnType<typeof loadCallRounds>>;

const open: LazyClient[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

/** A LazyClient on the demo server, its loader counted and held until the test lets it go. */
async function lazyPair(options: ConnectOptions, load: () => Promise<RoundsModule>) {
  const ends = inProcessPair();
  serveTransport(demoServer(), ends.server);
  const events: ClientEvent[] = [];
  const client = new LazyClient(ends.client, options, load);
  open.push(client);
  client.subscribe((e) => events.push(e));
  await client.open();
  return { client, events };
}

function heldLoader() {
  const gate = deferred();
  let calls = 0;
  const load = async (): Promise<RoundsModule> => {
    calls++;
    await gate.promise;
    return loadCallRounds();
  };
  return { load, gate, calls: () => calls };
}

describe.each([
  ["2026-07-28", [MODERN]],
  ["2025-11-25", [LEGACY[0]]],
] as const)("LazyClient on %s", (_name, versions) => {
  it("connects and lists without loading the rounds; the first call loads them, once, and runs with its questions", async () => {
    const loader = heldLoader();
    const { client, events } = await lazyPair({ versions: [...versions], handlers: demoHandlers() }, loader.load);
    expect((await client.listTools()).map((t) => t.name)).toContain("two-steps");
    expect(loader.calls()).toBe(0);
    const first = client.startCall("tools/call", { name: "two-steps", arguments: {} });
    // Reported before startCall returns, although the rounds' code is not here yet.
    expect(events.filter((e) => e.type === "callStarted").map((e) => e.callId)).toEqual([first.id]);
    const second = client.startCall("tools/call", { name: "echo", arguments: { message: "x" } });
    loader.gate.resolve();
    const [a, b] = await Promise.all([first.outcome, second.outcome]);
    expect(a.ok && b.ok).toBe(true);
    expect(loader.calls()).toBe(1);
    expect(events.filter((e) => e.type === "roundStarted" && e.callId === first.id)).toHaveLength(2);
    // Loaded: a later call runs at once, as with Client.
    expect((await client.callTool("echo", { message: "again" })).content).toEqual([{ type: "text", text: "again" }]);
    expect(loader.calls()).toBe(1);
  });

  it("a load that fails is the call's error, in words; the next call loads again and runs", async () => {
    let attempts = 0;
    const { client, events } = await lazyPair({ versions: [...versions], handlers: demoHandlers() }, () => {
      attempts++;
      return attempts === 1 ? Promise.reject(new Error("Failed to fetch dynamically imported module")) : loadCallRounds();
    });
    const failed = await client.startCall("tools/call", { name: "echo", arguments: { message: "x" } }).outcome;
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.error.message).toContain("Failed to fetch dynamically imported module");
    const finished = events.filter((e) => e.type === "callFinished");
    expect(finished).toHaveLength(1);
    expect(await client.callTool("echo", { message: "back" })).toMatchObject({ content: [{ type: "text", text: "back" }] });
    expect(attempts).toBe(2);
  });

  it("a call cancelled while its rounds load ends as cancelled", async () => {
    const loader = heldLoader();
    const { client } = await lazyPair({ versions: [...versions], handlers: demoHandlers() }, loader.load);
    const call = client.startCall("tools/call", { name: "echo", arguments: { message: "x" } });
    call.cancel("changed my mind");
    loader.gate.resolve();
    const outcome = await call.outcome;
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.kind).toBe("cancelled");
  });
});
