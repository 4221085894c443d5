// A long stdout line leaves the bridge in parts while the server is still writing it; the page's
// transport (the real BridgeStdioTransport, fed the bridge's frames) must see every line exactly as
// written, in order, none lost, merged or split, however the output was cut into pipe reads.
import { describe, expect, it } from "vitest";
import { BridgeStdioTransport, type TransportEvent } from "../core";
import { FrameQueue } from "./frameQueue";
import { StdoutSplitter, holdBack } from "./stdoutSplitter";

/** Runs `chunks` through a splitter (parts from `partBytes`) and a queue: the SSE bytes the page would get, and the queue's count after. */
function bridge(chunks: Buffer[], partBytes: number, max = 64 * 1024 * 1024): { sse: Buffer; parts: number; left: number } {
  const queue = new FrameQueue();
  const splitter = new StdoutSplitter(max, partBytes);
  let parts = 0;
  const onRun = (body: Buffer): void => queue.pushLines("stdout", body);
  const onLine = (pieces: Buffer[], cut: boolean): void => (cut ? queue.pushJsonLine("stdout", pieces) : queue.pushLine("stdout", pieces));
  const onPart = (pieces: Buffer[]): void => {
    parts++;
    queue.pushPart(pieces);
  };
  const out: Buffer[] = [];
  for (const chunk of chunks) {
    splitter.push(chunk, onRun, onLine, onPart);
    // The page reads as the bridge goes: parts leave before their line ends.
    for (let frame = queue.take(); frame !== undefined; frame = queue.take()) out.push(Buffer.concat(frame));
  }
  splitter.flush(onLine);
  queue.push('event: exit\ndata: {"code":0,"signal":null,"stderrTail":[]}\n\n');
  for (let frame = queue.take(); frame !== undefined; frame = queue.take()) out.push(Buffer.concat(frame));
  return { sse: Buffer.concat(out), parts, left: queue.bytes };
}

/** The stdout lines the real transport reads from `sse`, delivered in reads of `readBytes`. */
async function page(sse: Buffer, readBytes = 4096): Promise<string[]> {
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    // One read at a time, after a turn: the page subscribes once spawn() resolves, as the app does.
    async pull(c) {
      if (at === 0) await new Promise((r) => setTimeout(r, 0));
      if (at >= sse.length) return c.close();
      c.enqueue(new Uint8Array(sse.subarray(at, at + readBytes)));
      at += readBytes;
    },
  });
  const fetchFn = (async (url: string) => {
    if (String(url).endsWith("/sessions")) return new Response(JSON.stringify({ id: "s", pid: 1, spec: { command: "x", args: [], env: {}, cwd: "/" } }), { status: 201 });
    if (String(url).endsWith("/events")) return new Response(body, { status: 200 });
    return new Response(null, { status: 204 });
  }) as typeof fetch;
  const seen: string[] = [];
  const closed = new Promise<void>((resolve) => {
    void BridgeStdioTransport.spawn({ url: "http://127.0.0.1:1", token: "t" }, { command: "x", args: [], env: {} }, { fetch: fetchFn }).then((transport) =>
      transport.subscribe((event: TransportEvent) => {
        if (event.type === "message" || event.type === "error") seen.push(event.raw ?? "");
        if (event.type === "close") resolve();
      }),
    );
  });
  await closed;
  return seen;
}

const chunked = (whole: Buffer, size: number): Buffer[] => {
  const chunks: Buffer[] = [];
  for (let i = 0; i < whole.length; i += size) chunks.push(whole.subarray(i, i + size));
  return chunks;
};

/** Every awkward thing a line may hold: UTF-8 of 2, 3 and 4 bytes, quotes, backslashes, NUL, SSE field names, a bare CR, tabs. */
const AWKWARD = ['{"jsonrpc":"2.0","method":"m","params":{"t":"é€𝄞 \\"q\\" \\\\ \\u0000"}}', "data: not a field", "event: nor this", ": a comment", "a\rb", "tab\there", "", "𝄞".repeat(40), "\u0000nul", "id: 7", "retry: 1"];

describe("long lines in parts", () => {
  it("reach the page as the lines written, whatever the reads, the part size and the page's reads", async () => {
    const value = [...AWKWARD, "é".repeat(300), "end"].join("\n") + "\r\n" + AWKWARD.join("\r\n") + "\n";
    const expected = value.split("\n").map((line) => line.replace(/\r$/, ""));
    expected.pop();
    const whole = Buffer.from(value);
    for (const size of [1, 2, 3, 5, 7, 13, 64, 1000, whole.length]) {
      for (const partBytes of [1, 4, 9, 100]) {
        const { sse, left } = bridge(chunked(whole, size), partBytes);
        expect(left).toBe(0);
        expect(await page(sse, size % 2 === 0 ? 3 : 4096)).toEqual(expected);
      }
    }
  });

  it("a 1 MiB line goes in parts as it is read, and arrives whole between its neighbours", async () => {
    const big = `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"${"é€x".repeat(174_762)}"}}`;
    const value = Buffer.from(`before\n${big}\n\nafter\n`);
    const { sse, parts } = bridge(chunked(value, 65_536), 32 * 1024);
    expect(parts).toBeGreaterThanOrEqual(15);
    expect(await page(sse, 65_536)).toEqual(["before", big, "", "after"]);
  });

  it("a line past the cap leaves its parts, then the rest up to the cap: one frame, cut", async () => {
    const value = Buffer.from(`a\n${"x".repeat(5000)}\nb\n`);
    const { sse } = bridge(chunked(value, 700), 1000, 3000);
    expect(await page(sse)).toEqual(["a", "x".repeat(3000), "b"]);
  });

  it("keeps back a trailing carriage return and a UTF-8 sequence begun at a part's end", () => {
    expect([holdBack(Buffer.from("ab\r")), holdBack(Buffer.from("abc")), holdBack(Buffer.from("ab€").subarray(0, 4)), holdBack(Buffer.from("ab€")), holdBack(Buffer.from([0x80, 0x80, 0x80, 0x80])), holdBack(Buffer.from([0x80]))]).toEqual([1, 0, 2, 3, 0, undefined]);
  });
});
