import { describe, expect, it } from "vitest";
import { createStore } from "zustand/vanilla";
import { createTurns, turnedView } from "./frameTurns";

/** Turns whose animation frames the test runs by hand. */
function manual() {
  const ticks: (() => void)[] = [];
  const turns = createTurns((tick) => ticks.push(tick));
  const frame = (): void => {
    const due = ticks.splice(0);
    for (const tick of due) tick();
  };
  return { turns, frame, pending: () => ticks.length };
}

describe("createTurns", () => {
  it("runs a lone member's request at once, with no frame asked for", () => {
    const { turns, pending } = manual();
    const log = turns.join();
    const shown: number[] = [];
    log.ask(() => shown.push(1));
    log.ask(() => shown.push(2));
    expect(shown).toEqual([1, 2]);
    expect(pending()).toBe(0);
  });

  it("gives one turn per frame, to the member that has waited longest", () => {
    const { turns, frame } = manual();
    const [a, b, c] = [turns.join(), turns.join(), turns.join()];
    const shown: string[] = [];
    b.ask(() => shown.push("b"));
    a.ask(() => shown.push("a"));
    c.ask(() => shown.push("c"));
    expect(shown).toEqual([]);
    frame();
    expect(shown).toEqual(["b"]);
    frame();
    expect(shown).toEqual(["b", "a"]);
    frame();
    expect(shown).toEqual(["b", "a", "c"]);
    frame();
    expect(shown).toEqual(["b", "a", "c"]);
  });

  it("keeps a member's place when it asks again, and runs only its newest request", () => {
    const { turns, frame } = manual();
    const [a, b] = [turns.join(), turns.join()];
    const shown: string[] = [];
    a.ask(() => shown.push("a1"));
    b.ask(() => shown.push("b1"));
    a.ask(() => shown.push("a2"));
    frame();
    frame();
    expect(shown).toEqual(["a2", "b1"]);
  });

  it("drops a leaving member's request, and a member left alone asks at once again", () => {
    const { turns, frame, pending } = manual();
    const [a, b] = [turns.join(), turns.join()];
    const shown: string[] = [];
    a.ask(() => shown.push("a"));
    b.ask(() => shown.push("b"));
    a.leave();
    frame();
    expect(shown).toEqual(["b"]);
    frame();
    expect(pending()).toBe(0);
    b.ask(() => shown.push("b again"));
    expect(shown).toEqual(["b", "b again"]);
  });
});

describe("turnedView", () => {
  it("shows a store's state as of each subscriber's turn, the same object between turns", () => {
    const { turns, frame } = manual();
    const one = createStore(() => ({ n: 0 }));
    const two = createStore(() => ({ n: 0 }));
    const [v1, v2] = [turnedView(one, turns), turnedView(two, turns)];
    const seen: string[] = [];
    const stop1 = v1.subscribe(() => seen.push(`one ${v1.getSnapshot().n}`));
    const stop2 = v2.subscribe(() => seen.push(`two ${v2.getSnapshot().n}`));
    const before = v1.getSnapshot();
    one.setState({ n: 1 });
    one.setState({ n: 2 });
    two.setState({ n: 1 });
    expect(v1.getSnapshot()).toBe(before);
    frame();
    expect(seen).toEqual(["one 2"]);
    frame();
    expect(seen).toEqual(["one 2", "two 1"]);
    stop2();
    // Alone again: the next change shows at once.
    one.setState({ n: 3 });
    expect(seen).toEqual(["one 2", "two 1", "one 3"]);
    stop1();
    one.setState({ n: 4 });
    expect(seen).toHaveLength(3);
  });

  it("catches a change made between the first read and the subscription", () => {
    const { turns } = manual();
    const store = createStore(() => ({ n: 0 }));
    const view = turnedView(store, turns);
    store.setState({ n: 5 });
    const seen: number[] = [];
    view.subscribe(() => seen.push(view.getSnapshot().n));
    expect(seen).toEqual([5]);
  });
});
