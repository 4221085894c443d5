import { describe, expect, it } from "vitest";
import { readSse } from "./sse";

/** A body the test writes to by hand; `cancelled` records the reason the reader gave. */
function body(): { stream: ReadableStream<Uint8Array>; write(text: string): void; cancelled: unknown[] } {
  const encoder = new TextEncoder();
  const cancelled: unknown[] = [];
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    cancel: (reason) => void cancelled.push(reason),
  });
  return { stream, write: (text) => controller.enqueue(encoder.encode(text)), cancelled };
}

describe("readSse", () => {
  it("decodes events split across chunks, even inside a UTF-8 sequence", async () => {
    const bytes = new TextEncoder().encode("data: 天気\n\n");
    const split = new ReadableStream<Uint8Array>({
      start(c) {
        for (const b of bytes) c.enqueue(new Uint8Array([b]));
        c.close();
      },
    });
    const events: string[] = [];
    await readSse(split, { onEvent: (e) => events.push(e.data) });
    expect(events).toEqual(["天気"]);
  });

  it("an abort through the signal cancels the body and resolves; events before it were delivered", async () => {
    const { stream, write, cancelled } = body();
    const events: string[] = [];
    const stop = new AbortController();
    const reading = readSse(stream, { onEvent: (e) => events.push(e.data), signal: stop.signal });
    write("data: one\n\n");
    await new Promise((r) => setTimeout(r, 10));
    expect(events).toEqual(["one"]);
    const reason = new Error("closed");
    stop.abort(reason);
    await expect(reading).resolves.toBeUndefined();
    expect(cancelled).toEqual([reason]);
  });

  it("an already aborted signal reads nothing", async () => {
    const { stream, write, cancelled } = body();
    write("data: never\n\n");
    const events: string[] = [];
    await readSse(stream, { onEvent: (e) => events.push(e.data), signal: AbortSignal.abort("gone") });
    expect(events).toEqual([]);
    expect(cancelled).toEqual(["gone"]);
  });
});
