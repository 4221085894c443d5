// The bridge's output queue: events leave in order, in frames of many lines, and the queue's byte
// count is the true cost of what it holds (an empty line is not 2 bytes, a view costs its chunk),
// back to 0 when drained. Lines wait as written and reach a page's SSE parser as the same lines.
import { createParser } from "eventsource-parser";
import { describe, expect, it } from "vitest";
import { FRAME_LINES, FRAME_MAX_PARTS, FRAME_OVERHEAD, FRAME_TARGET, FrameQueue, PART_OVERHEAD, recycle, sseEvent } from "./frameQueue";
import { StdoutSplitter } from "./stdoutSplitter";

function drain(queue: FrameQueue): Buffer[][] {
  const frames: Buffer[][] = [];
  for (let frame = queue.take(); frame !== undefined; frame = queue.take()) frames.push(frame);
  return frames;
}

const text = (frames: Buffer[][]): string => Buffer.concat(frames.flat()).toString("utf8");

/** `text`'s UTF-8 bytes in a buffer of their own (not a slice of Node's shared pool). */
function bytes(value: string): Buffer {
  const pooled = Buffer.from(value, "utf8");
  const own = Buffer.allocUnsafeSlow(pooled.length);
  pooled.copy(own);
  return own;
}

/** What a page reads from these frames (as BridgeStdioTransport does): each event's type and its lines. */
function lines(frames: Buffer[][]): { type: string; line: string }[] {
  const seen: { type: string; line: string }[] = [];
  const parser = createParser({
    onEvent: (event) => {
      const type = event.event ?? "message";
      if (type.endsWith("-lines")) for (const line of event.data.split("\n")) seen.push({ type: type.slice(0, -6), line });
      else seen.push({ type, line: JSON.parse(event.data) as string });
    },
  });
  parser.feed(text(frames));
  return seen;
}

describe("FrameQueue: events as SSE text", () => {
  it("hands out every event once, in order, many events to a frame", () => {
    const queue = new FrameQueue();
    const events = Array.from({ length: 100_000 }, (_, i) => sseEvent("stdout", JSON.stringify(String(i))));
    for (const event of events) queue.push(event);
    const frames = drain(queue);
    expect(text(frames)).toBe(events.join(""));
    expect(frames.length).toBeLessThanOrEqual(Math.ceil(100_000 / FRAME_MAX_PARTS) + Math.ceil(events.join("").length / FRAME_TARGET) + 1);
    expect(queue.empty).toBe(true);
    expect(queue.bytes).toBe(0);
  });

  it("counts a short event by what it costs, not by its characters", () => {
    const queue = new FrameQueue();
    const empty = sseEvent("stdout", '""');
    queue.push(empty);
    expect(queue.bytes).toBeGreaterThanOrEqual(empty.length + PART_OVERHEAD);
    for (let i = 1; i < 1_000_000; i++) queue.push(empty);
    // A million short events: more than their SSE text's bytes.
    expect(queue.bytes).toBeGreaterThan(1_000_000 * empty.length);
    drain(queue);
    expect(queue.bytes).toBe(0);
  });

  it("sends text past ASCII as UTF-8, counted by its bytes", () => {
    const queue = new FrameQueue();
    const wide = sseEvent("notice", JSON.stringify("é€".repeat(FRAME_TARGET)));
    queue.push(wide);
    expect(queue.bytes).toBeGreaterThanOrEqual(Buffer.byteLength(wide));
    expect(text(drain(queue))).toBe(wide);
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
      if (i % 3 === 0) seen.push(text([queue.take() as Buffer[]]));
    }
    seen.push(...drain(queue).map((frame) => text([frame])));
    expect(seen).toEqual(sent);
  });

  it("takes the same time per event whatever is queued (no shift() on a long array)", () => {
    // Correctness of the amortised O(1) drain, counted in operations, not timed: a million events
    // leave through at most ~500 takes.
    const queue = new FrameQueue();
    for (let i = 0; i < 1_000_000; i++) queue.push("x\n");
    let takes = 0;
    while (queue.take() !== undefined) takes++;
    expect(takes).toBeLessThanOrEqual(Math.ceil(1_000_000 / FRAME_MAX_PARTS));
  });
});

describe("FrameQueue: lines kept as written", () => {
  const expected = (type: string, all: string[]): { type: string; line: string }[] => all.map((l) => ({ type, line: l.endsWith("\r") ? l.slice(0, -1) : l }));

  it("reach the page as the same lines, whatever the shape, on stdout and stderr", () => {
    const shapes = [[""], ["", "", ""], ["y", "y"], ['{"jsonrpc":"2.0"}', 'say "hi"', "back\\slash"], ["tab\there", "cr at end\r", "\u0001", "nul\u0000"], ["é", "€ wide", "𝄞"], ["crlf\r", "crlf\r", ""], ["a\rb", "plain", "c\r\rd\r", ""], [" leading space", "data: looks like a field", ": a comment?"]];
    for (const stream of ["stdout", "stderr"] as const) {
      for (const shape of shapes) {
        const queue = new FrameQueue();
        queue.pushLines(stream, bytes(shape.join("\n")));
        expect(lines(drain(queue))).toEqual(expected(stream, shape));
        expect(queue.bytes).toBe(0);
      }
    }
  });

  it("a line holding a carriage return goes alone as JSON; the lines around it still go many to an event", () => {
    const queue = new FrameQueue();
    const shape = [...Array.from({ length: 1000 }, (_, i) => `before ${i}`), "progress\r50%\r100%", ...Array.from({ length: 1000 }, (_, i) => `after ${i}`)];
    queue.pushLines("stdout", bytes(shape.join("\n")));
    const frames = drain(queue);
    expect(lines(frames)).toEqual(expected("stdout", shape));
    expect(frames.length).toBeLessThanOrEqual(5);
    expect(text(frames)).toContain('event: stdout\ndata: "progress\\r50%\\r100%"\n\n');
  });

  it("keep their place among other events", () => {
    const queue = new FrameQueue();
    queue.push(sseEvent("stderr", '"before"'));
    queue.pushLines("stdout", bytes("a\nb"));
    queue.push(sseEvent("exit", '"{}"'));
    expect(lines(drain(queue))).toEqual([
      { type: "stderr", line: "before" },
      { type: "stdout", line: "a" },
      { type: "stdout", line: "b" },
      { type: "exit", line: "{}" },
    ]);
  });

  it("cost a byte per empty line, and leave in events of at most FRAME_LINES bytes of lines", () => {
    const queue = new FrameQueue();
    const count = 1_000_000;
    queue.pushLines("stdout", bytes("\n".repeat(count - 1)));
    // What waits is the output as written: a million empty lines are a million bytes, not 25 million.
    expect(queue.bytes).toBe(count - 1 + FRAME_OVERHEAD);
    let events = 0;
    let frames = 0;
    const perLine = "data: \n".length;
    for (let frame = queue.take(); frame !== undefined; frame = queue.take()) {
      frames++;
      const sse = text([frame]);
      expect(sse.length).toBeLessThanOrEqual("event: stdout-lines\n".length + (FRAME_LINES + 1) * perLine + 1);
      events += sse.split("data: ").length - 1;
    }
    expect(events).toBe(count);
    expect(frames).toBeLessThanOrEqual(Math.ceil(count / FRAME_LINES) + 1);
    expect(queue.bytes).toBe(0);
  });

  it("a frame's buffer serves a later frame only once it is given back", () => {
    const queue = new FrameQueue();
    const shape = Array.from({ length: 40_000 }, (_, i) => `line ${i}`);
    queue.pushLines("stdout", bytes(shape.join("\n")));
    const first = queue.take() as Buffer[];
    const firstText = text([first]);
    const second = queue.take() as Buffer[];
    // Still held (not given back): the next frame is made elsewhere, and the first is intact.
    expect(second[0]?.buffer).not.toBe(first[0]?.buffer);
    expect(text([first])).toBe(firstText);
    recycle(first);
    const third = queue.take() as Buffer[];
    expect(third[0]?.buffer).toBe(first[0]?.buffer);
    const taken = [firstText, text([second]), text([third])].map((t) => [Buffer.from(t)]);
    recycle(second);
    recycle(third);
    const rest = drain(queue);
    expect(lines([...taken, ...rest]).map((l) => l.line)).toEqual(shape);
  });

  it("count UTF-8 text by its bytes", () => {
    const queue = new FrameQueue();
    queue.pushLines("stdout", bytes("€€€€"));
    expect(queue.bytes).toBe(12 + FRAME_OVERHEAD);
  });

  it("a view of a chunk costs the whole chunk while it waits", () => {
    const queue = new FrameQueue();
    const chunk = bytes(`${"x".repeat(60_000)}\nshort`);
    queue.pushLines("stdout", chunk.subarray(60_001));
    expect(queue.bytes).toBe(chunk.length + FRAME_OVERHEAD);
    expect(lines(drain(queue))).toEqual([{ type: "stdout", line: "short" }]);
    expect(queue.bytes).toBe(0);
  });

  it("a long line that spanned chunks leaves as its own pieces, never copied", () => {
    const queue = new FrameQueue();
    const pieces = [bytes("{".padEnd(FRAME_LINES, "a")), bytes("b".repeat(FRAME_LINES)), bytes("c}\r")];
    queue.pushLine("stdout", pieces);
    expect(queue.bytes).toBe(pieces.reduce((sum, p) => sum + p.length, 0) + FRAME_OVERHEAD);
    const frame = queue.take() as Buffer[];
    expect(frame).toContain(pieces[0]);
    expect(frame).toContain(pieces[1]);
    expect(lines([frame])).toEqual([{ type: "stdout", line: `${"{".padEnd(FRAME_LINES, "a")}${"b".repeat(FRAME_LINES)}c}` }]);
    expect(queue.bytes).toBe(0);
  });

  it("a short line across two chunks is copied, so it costs its own bytes and not both chunks", () => {
    const queue = new FrameQueue();
    const first = bytes(`${"x".repeat(60_000)}\nhal`);
    const second = bytes(`f\n${"y".repeat(60_000)}`);
    queue.pushLine("stderr", [first.subarray(60_001), second.subarray(0, 1)]);
    expect(queue.bytes).toBe(4 + FRAME_OVERHEAD);
    expect(lines(drain(queue))).toEqual([{ type: "stderr", line: "half" }]);
  });

  it("a line that spanned chunks and holds a carriage return goes as JSON", () => {
    const queue = new FrameQueue();
    queue.pushLine("stdout", [bytes("a\r".padEnd(FRAME_LINES, "a")), bytes("b".repeat(FRAME_LINES))]);
    expect(lines(drain(queue))).toEqual([{ type: "stdout", line: `${"a\r".padEnd(FRAME_LINES, "a")}${"b".repeat(FRAME_LINES)}` }]);
  });
});

describe("StdoutSplitter", () => {
  function split(chunks: Buffer[], max = 1000): { lines: string[]; cut: string[] } {
    const lines: string[] = [];
    const cut: string[] = [];
    const splitter = new StdoutSplitter(max);
    const onRun = (body: Buffer): void => void lines.push(...body.toString("utf8").split("\n"));
    const onLine = (pieces: Buffer[], wasCut: boolean): void => {
      const line = Buffer.concat(pieces).toString("utf8");
      if (!wasCut) return void lines.push(line);
      cut.push(line);
      lines.push(`<cut ${line.length}>`);
    };
    for (const chunk of chunks) splitter.push(chunk, onRun, onLine);
    splitter.flush(onLine);
    return { lines, cut };
  }

  const chunked = (value: string, size: number): Buffer[] => {
    const whole = Buffer.from(value);
    const chunks: Buffer[] = [];
    for (let i = 0; i < whole.length; i += size) chunks.push(whole.subarray(i, i + size));
    return chunks;
  };

  it("gives the same lines however the output is cut into chunks", () => {
    const value = ["", "a", "", "bb", '{"x":1}', "", "é€𝄞", "last"].join("\n");
    const whole = split([Buffer.from(value)]).lines;
    expect(whole).toEqual(["", "a", "", "bb", '{"x":1}', "", "é€𝄞", "last"]);
    for (let size = 1; size <= Buffer.byteLength(value); size++) expect(split(chunked(value, size)).lines).toEqual(whole);
  });

  it("hands a chunk's complete lines on as one view of it", () => {
    const runs: Buffer[] = [];
    const chunk = Buffer.from("a\nb\nc\npartial");
    new StdoutSplitter(1000).push(chunk, (body) => void runs.push(body), () => undefined);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.buffer).toBe(chunk.buffer);
    expect(runs[0]?.toString()).toBe("a\nb\nc");
  });

  it("cuts a line longer than the cap, across chunks or in one, and goes on with the next", () => {
    const long = "x".repeat(2500);
    expect(split([Buffer.from(`a\n${long.slice(0, 800)}`), Buffer.from(long.slice(800)), Buffer.from("\nb\n")]).lines).toEqual(["a", "<cut 1000>", "b"]);
    expect(split([Buffer.from(`a\n${long}\nb\n`)]).lines).toEqual(["a", "<cut 1000>", "b"]);
    expect(split([Buffer.from(`a\nb\n${long}\n${long}\nc\nd\n${"z".repeat(999)}\ne`)]).lines).toEqual(["a", "b", "<cut 1000>", "<cut 1000>", "c", "d", "z".repeat(999), "e"]);
    for (let size = 100; size <= 5000; size += 700) expect(split(chunked(`a\n${long}\nb\n`, size)).lines).toEqual(["a", "<cut 1000>", "b"]);
    // A line of exactly the cap is whole.
    expect(split([Buffer.from(`${"y".repeat(1000)}\n`)]).lines).toEqual(["y".repeat(1000)]);
  });
});
