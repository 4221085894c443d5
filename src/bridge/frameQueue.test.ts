// The bridge's output queue: events leave in order, in frames of many lines, and the queue's byte
// count is the true cost of what it holds (an empty line is not 2 bytes), back to 0 when drained.
// Stdout lines wait as written and become the same events as line by line when they leave.
import { describe, expect, it } from "vitest";
import { FRAME_MAX_PARTS, FRAME_OVERHEAD, FRAME_TARGET, FrameQueue, PART_OVERHEAD, sseEvent } from "./frameQueue";
import { StdoutSplitter } from "./stdoutSplitter";

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

describe("FrameQueue: stdout lines kept as written", () => {
  const expected = (lines: string[]): string => lines.map((l) => sseEvent("stdout", JSON.stringify(l.endsWith("\r") ? l.slice(0, -1) : l))).join("");

  it("leave as one event per line, the same text as line by line, whatever the shape", () => {
    const shapes = [[""], ["", "", ""], ["y", "y"], ['{"jsonrpc":"2.0"}', 'say "hi"', "back\\slash"], ["tab\there", "cr at end\r", "\u0001"], ["é", "€ wide", "𝄞"]];
    for (const lines of shapes) {
      const queue = new FrameQueue();
      queue.pushLines("stdout", lines.join("\n"));
      expect(drain(queue).join("")).toBe(expected(lines));
      expect(queue.bytes).toBe(0);
    }
  });

  it("keep their place among other events", () => {
    const queue = new FrameQueue();
    queue.push(sseEvent("stderr", '"before"'));
    queue.pushLines("stdout", "a\nb");
    queue.push(sseEvent("exit", "{}"));
    expect(drain(queue).join("")).toBe(`${sseEvent("stderr", '"before"')}${expected(["a", "b"])}${sseEvent("exit", "{}")}`);
  });

  it("cost about a byte per line for empty lines, and leave in frames of about FRAME_TARGET", () => {
    const queue = new FrameQueue();
    const lines = 1_000_000;
    queue.pushLines("stdout", "\n".repeat(lines - 1));
    // What waits is the text as written: a million empty lines are a million characters, not 25 million.
    expect(queue.bytes).toBe(lines - 1 + FRAME_OVERHEAD);
    let events = 0;
    let frames = 0;
    for (let frame = queue.take(); frame !== undefined; frame = queue.take()) {
      frames++;
      expect(frame.length).toBeLessThanOrEqual(FRAME_TARGET + sseEvent("stdout", '""').length);
      events += frame.split("event: stdout\n").length - 1;
    }
    expect(events).toBe(lines);
    expect(frames).toBeLessThanOrEqual(Math.ceil((lines * sseEvent("stdout", '""').length) / FRAME_TARGET) + 1);
    expect(queue.bytes).toBe(0);
  });

  it("count wide text at two bytes a character", () => {
    const queue = new FrameQueue();
    queue.pushLines("stdout", "€€€€");
    expect(queue.bytes).toBe(8 + FRAME_OVERHEAD);
  });
});

describe("StdoutSplitter", () => {
  function split(chunks: string[], max = 1000): { lines: string[]; cut: string[] } {
    const lines: string[] = [];
    const cut: string[] = [];
    const splitter = new StdoutSplitter(max);
    const onLines = (body: string): void => void lines.push(...body.split("\n"));
    const onCut = (text: string): void => {
      cut.push(text);
      lines.push(`<cut ${text.length}>`);
    };
    for (const chunk of chunks) splitter.push(chunk, onLines, onCut);
    splitter.flush(onLines, onCut);
    return { lines, cut };
  }

  it("gives the same lines however the output is cut into chunks", () => {
    const text = ["", "a", "", "bb", '{"x":1}', "", "last"].join("\n");
    const whole = split([text]).lines;
    expect(whole).toEqual(["", "a", "", "bb", '{"x":1}', "", "last"]);
    for (let size = 1; size <= text.length; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      expect(split(chunks).lines).toEqual(whole);
    }
  });

  it("cuts a line longer than the cap, across chunks or in one, and goes on with the next", () => {
    const long = "x".repeat(2500);
    expect(split([`a\n${long.slice(0, 800)}`, long.slice(800), "\nb\n"]).lines).toEqual(["a", "<cut 1000>", "b"]);
    expect(split([`a\n${long}\nb\n`]).lines).toEqual(["a", "<cut 1000>", "b"]);
    // A line of exactly the cap is whole.
    expect(split([`${"y".repeat(1000)}\n`]).lines).toEqual(["y".repeat(1000)]);
  });
});
