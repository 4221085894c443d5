// The bridge's output queue: events leave in order, in frames of many lines, and the queue's byte
// count is the true cost of what it holds (an empty line is not 2 bytes), back to 0 when drained.
import { describe, expect, it } from "vitest";
import { FRAME_MAX_PARTS, FRAME_TARGET, FrameQueue, PART_OVERHEAD, sseEvent } from "./frameQueue";

function drain(queue: FrameQueue): string[] {
  const frames: string[] = [];
  for (let frame = queue.take(); frame !== undefined; frame = queue.take()) frames.push(frame);
  return frames;
}

describe("FrameQueue", () => {
  it("hands out every event once, in order, many lines to a frame", () => {
    const queue = new FrameQueue();
    const events = Array.from({ length: 100_000 }, (_, i) => sseEvent("stdout", JSON.stringify(String(i))));
    for (const event of events) queue.push(event);
    const frames = drain(queue);
    expect(frames.join("")).toBe(events.join(""));
    expect(frames.length).toBeLessThanOrEqual(Math.ceil(100_000 / FRAME_MAX_PARTS) + Math.ceil(events.join("").length / FRAME_TARGET) + 1);
    expect(queue.empty).toBe(true);
    expect(queue.bytes).toBe(0);
  });

  it("counts an empty line by what it costs, not by its 2 characters of data", () => {
    const queue = new FrameQueue();
    const empty = sseEvent("stdout", '""');
    queue.push(empty);
    expect(queue.bytes).toBeGreaterThanOrEqual(empty.length + PART_OVERHEAD);
    for (let i = 1; i < 1_000_000; i++) queue.push(empty);
    // A million empty lines: more than their data (2 MB) and more than their SSE text's characters.
    expect(queue.bytes).toBeGreaterThan(1_000_000 * empty.length);
    drain(queue);
    expect(queue.bytes).toBe(0);
  });

  it("counts text past Latin-1 at two bytes a character once sealed", () => {
    const queue = new FrameQueue();
    const wide = sseEvent("stdout", JSON.stringify("é€".repeat(FRAME_TARGET)));
    queue.push(wide);
    expect(queue.bytes).toBeGreaterThanOrEqual(wide.length * 2);
    expect(queue.take()).toBe(wide);
    expect(queue.bytes).toBe(0);
  });

  it("keeps order across interleaved takes and pushes (the ring wraps and grows)", () => {
    const queue = new FrameQueue();
    const big = (i: number): string => sseEvent("stdout", JSON.stringify(`${i}`.padEnd(FRAME_TARGET, ".")));
    const seen: string[] = [];
    const sent: string[] = [];
    for (let i = 0; i < 200; i++) {
      sent.push(big(i));
      queue.push(big(i));
      if (i % 3 === 0) seen.push(queue.take() as string);
    }
    seen.push(...drain(queue));
    expect(seen).toEqual(sent);
  });

  it("takes the same time per event whatever is queued (no shift() on a long array)", () => {
    // Correctness of the amortised O(1) drain, counted in operations, not timed: a million events
    // leave through at most ~1,000 takes.
    const queue = new FrameQueue();
    for (let i = 0; i < 1_000_000; i++) queue.push("x\n");
    let takes = 0;
    while (queue.take() !== undefined) takes++;
    expect(takes).toBeLessThanOrEqual(Math.ceil(1_000_000 / FRAME_MAX_PARTS));
  });
});
