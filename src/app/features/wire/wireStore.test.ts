import { describe, expect, it } from "vitest";
import { requestFrame } from "../../../../test/support/recording/builders";
import { createWireStore } from "./wireStore";

const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe("wireStore", () => {
  it("lands a burst of appends in one state change, in order, numbered", async () => {
    const wire = createWireStore(100);
    let changes = 0;
    wire.subscribe(() => changes++);
    for (let i = 0; i < 10; i++) wire.append(requestFrame(i, "ping"), 1);
    expect(wire.getState().entries).toHaveLength(0);
    await tick();
    expect(changes).toBe(1);
    expect(wire.getState().entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(wire.getState().entries.every((e) => e.connectionId === 1)).toBe(true);
  });

  it("flush() lands the queue at once", () => {
    const wire = createWireStore(100);
    wire.append(requestFrame(1, "ping"), 1);
    wire.flush();
    expect(wire.getState().entries).toHaveLength(1);
  });

  it.each([
    ["a batch that fits", 3, 2, [1, 2, 3, 4, 5], 0],
    ["a batch that slides the window", 5, 4, [5, 6, 7, 8, 9], 4],
    ["a batch larger than the cap", 2, 9, [7, 8, 9, 10, 11], 6],
  ])("keeps the newest frames under the cap: %s", (_name, before, batch, seqs, dropped) => {
    const wire = createWireStore(5);
    for (let i = 0; i < before; i++) wire.append(requestFrame(i, "ping"), 1);
    wire.flush();
    for (let i = 0; i < batch; i++) wire.append(requestFrame(i, "ping"), 1);
    wire.flush();
    const state = wire.getState();
    expect(state.entries.map((e) => e.seq)).toEqual(seqs);
    expect(state.dropped).toBe(dropped);
  });

  it("clear() empties the log and the queue", async () => {
    const wire = createWireStore(5);
    wire.append(requestFrame(1, "ping"), 1);
    wire.clear();
    await tick();
    expect(wire.getState()).toMatchObject({ entries: [], dropped: 0 });
  });
});
