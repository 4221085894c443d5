import { describe, expect, it } from "vitest";
import { LazyAbort, RoundContext, type RequestBase } from "./context";

const base = (abort = new LazyAbort()): RequestBase => ({
  method: "tools/call",
  params: { name: "t" },
  caller: "anonymous",
  revision: "2026-07-28",
  era: "modern",
  clientCapabilities: {},
  clientInfo: undefined,
  abort,
  notes: { progress: async () => undefined, log: async () => undefined },
});

describe("LazyAbort", () => {
  it("aborted before anyone read the signal, the signal it then makes is already aborted", () => {
    const abort = new LazyAbort();
    abort.abort();
    expect(abort.signal.aborted).toBe(true);
  });

  it("aborts a signal handed out earlier, and hands out that same signal each time", () => {
    const abort = new LazyAbort();
    const signal = abort.signal;
    let heard = 0;
    signal.addEventListener("abort", () => heard++);
    abort.abort();
    expect(abort.signal).toBe(signal);
    expect(heard).toBe(1);
  });
});

describe("RoundContext", () => {
  it("each round carries its own answers and state over the same request and signal", () => {
    const abort = new LazyAbort();
    const first = new RoundContext(base(abort));
    expect(first.inputResponses).toEqual({});
    expect(first.state).toBeUndefined();
    const second = first.round({ who: { action: "accept", content: { name: "Ada" } } }, { step: 1 });
    expect(second).toMatchObject({ method: "tools/call", params: { name: "t" }, caller: "anonymous", state: { step: 1 } });
    expect(second.inputResponses.who).toEqual({ action: "accept", content: { name: "Ada" } });
    expect(first.inputResponses).toEqual({});
    abort.abort();
    expect(second.signal.aborted).toBe(true);
    expect(first.signal).toBe(second.signal);
  });

  it("progress and log survive destructuring", async () => {
    const calls: string[] = [];
    const notes = {
      async progress(): Promise<void> {
        calls.push(this === notes ? "progress" : "progress unbound");
      },
      async log(): Promise<void> {
        calls.push(this === notes ? "log" : "log unbound");
      },
    };
    const ctx = new RoundContext({ ...base(), notes });
    const { progress, log } = ctx;
    await progress(1);
    await log("info", "x");
    expect(calls).toEqual(["progress", "log"]);
  });
});
