import { describe, expect, it } from "vitest";
import { wireFrame } from "../../../../test/support/recording/builders";
import { createWireStore } from "./wireStore";

const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));
const ping = (id: number) => wireFrame("out", { jsonrpc: "2.0", id, method: "ping" });

describe("wireStore", () => {
  it("lands a burst of appends in one state change, in order, numbered", async () => {
    const wire = createWireStore(100);
    let changes = 0;
    wire.subscribe(() => changes++);
    for (let i = 0; i < 10; i++) wire.append(ping(i), 1);
    expect(wire.getState().entries).toHaveLength(0);
    await tick();
    expect(changes).toBe(1);
    expect(wire.getState().entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(wire.getState().entries.every((e) => e.connectionId === 1)).toBe(true);
  });

  it("keeps each frame's text and the facts the list reads, not its parsed message", () => {
    const wire = createWireStore(100);
    wire.append(wireFrame("out", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo" } }), 1);
    wire.append(wireFrame("in", { jsonrpc: "2.0", id: 1, result: { content: [] } }, { method: "tools/call", latencyMs: 4 }), 1);
    wire.append(wireFrame("in", undefined, { raw: "<html>", error: "not JSON" }), 1);
    wire.flush();
    const [sent, back, broken] = wire.getState().entries;
    expect(sent).toMatchObject({ kind: "request", method: "tools/call", id: 1, raw: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo"}}' });
    expect(back).toMatchObject({ kind: "result", method: "tools/call", id: 1, latencyMs: 4 });
    expect(broken).toMatchObject({ kind: "broken", method: "", id: null, raw: "<html>", error: "not JSON" });
    expect(wire.getState().entries.some((e) => "message" in e)).toBe(false);
  });

  it("flush() lands the queue at once", () => {
    const wire = createWireStore(100);
    wire.append(ping(1), 1);
    wire.flush();
    expect(wire.getState().entries).toHaveLength(1);
  });

  it.each([
    ["a batch that fits", 3, 2, [1, 2, 3, 4, 5], 0],
    ["a batch that slides the window", 5, 4, [5, 6, 7, 8, 9], 4],
    ["a batch larger than the cap", 2, 9, [7, 8, 9, 10, 11], 6],
  ])("keeps the newest frames under the cap: %s", (_name, before, batch, seqs, dropped) => {
    const wire = createWireStore(5);
    for (let i = 0; i < before; i++) wire.append(ping(i), 1);
    wire.flush();
    for (let i = 0; i < batch; i++) wire.append(ping(i), 1);
    wire.flush();
    const state = wire.getState();
    expect(state.entries.map((e) => e.seq)).toEqual(seqs);
    expect(state.dropped).toBe(dropped);
  });

  it("clear() empties the log and the queue", async () => {
    const wire = createWireStore(5);
    wire.append(ping(1), 1);
    wire.clear();
    await tick();
    expect(wire.getState()).toMatchObject({ entries: [], dropped: 0 });
  });
});
