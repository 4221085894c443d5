import { afterEach, describe, expect, it, vi } from "vitest";
import { afterPaint } from "./afterPaint";

describe("afterPaint", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** A page whose frames come only when the test says so. */
  function frames(): { next(): void } {
    let queued: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => queued.push(cb));
    vi.stubGlobal("cancelAnimationFrame", (id: number) => {
      queued = queued.map((cb, i) => (i === id - 1 ? () => undefined : cb));
    });
    return {
      next() {
        const now = queued;
        queued = [];
        now.forEach((cb) => cb(0));
      },
    };
  }

  it("runs the work in a task after the next frame, not before it", () => {
    vi.useFakeTimers();
    const page = frames();
    const work = vi.fn();
    afterPaint(work);
    vi.advanceTimersByTime(50);
    expect(work).not.toHaveBeenCalled();
    page.next();
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    page.next();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("still runs on a page that draws no frames, and never once cancelled", () => {
    vi.useFakeTimers();
    frames();
    const work = vi.fn();
    afterPaint(work);
    vi.advanceTimersByTime(99);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(work).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    const cancel = afterPaint(other);
    cancel();
    vi.advanceTimersByTime(1000);
    expect(other).not.toHaveBeenCalled();
  });
});
