/**
 * A session's output waiting for the page, as bytes: what the process wrote is never decoded,
 * validated or re-encoded on the way (the page decodes it). Three kinds of entry wait in one ring,
 * in order:
 * - SSE text (notices, the exit, a line that needs escaping): appended to an open frame, which is
 *   sealed (joined into one buffer) once it holds FRAME_TARGET bytes or FRAME_MAX_PARTS events;
 * - a run of complete lines as the process wrote them (a view of the chunk read from the pipe).
 *   They become `stdout-lines` (or `stderr-lines`) events only as they leave, about FRAME_LINES
 *   bytes of lines to an event, one `data:` field per line, copied once into the frame by a loop
 *   over the bytes that puts "data: " after each newline (no string, no call per line);
 * - one line that spanned chunks, as its pieces: it leaves as one event written piece by piece,
 *   never copied (a 1 MiB line costs the bridge no copy of it).
 * So what waits costs about a byte per byte of output whatever the line shape (an empty line is one
 * byte waiting), adding an entry and taking a frame are O(1) per event (no `shift()` on a long
 * array, no scan of what waits), and one socket write carries a whole frame of lines.
 *
 * `bytes` is the memory the queue holds by its true cost: a view's whole chunk (a view keeps the
 * chunk it sees alive), plus what V8 spends on each buffer, entry and slot.
 */
import { BRIDGE_EVENTS } from "../core";

/** Bytes of SSE text a frame is sealed at: one socket write's worth. */
export const FRAME_TARGET = 64 * 1024;
/**
 * Bytes of waiting lines one event is made from (unless one line alone is longer: it goes whole).
 * The event is at most 7 times as long (an empty line becomes "data: \n"), ~1.05 times for lines of
 * a typical JSON-RPC message's length.
 */
export const FRAME_LINES = 32 * 1024;
/** Events an open frame holds at most before it is sealed, so its per-event overhead stays bounded. */
export const FRAME_MAX_PARTS = 2048;
/** What one event costs beyond its bytes while it is its own buffer in the open frame. */
export const PART_OVERHEAD = 96;
/** What one sealed frame or one entry of waiting lines costs beyond its bytes (the buffer's objects, the entry, its slot). */
export const FRAME_OVERHEAD = 160;

/** The streams whose lines the queue holds, and their events: many lines as written, or one as JSON. */
const LINE_EVENTS = {
  stdout: { lines: BRIDGE_EVENTS.stdoutLines, one: BRIDGE_EVENTS.stdout },
  stderr: { lines: BRIDGE_EVENTS.stderrLines, one: BRIDGE_EVENTS.stderr },
} as const;
export type OutputStream = keyof typeof LINE_EVENTS;

const NEWLINE = 10;
const RETURN = 13;
const DATA = Buffer.from("data: ", "latin1");
const HEADS = {
  stdout: Buffer.from(`event: ${LINE_EVENTS.stdout.lines}\ndata: `, "latin1"),
  stderr: Buffer.from(`event: ${LINE_EVENTS.stderr.lines}\ndata: `, "latin1"),
};
const PART_HEAD = Buffer.from(`event: ${BRIDGE_EVENTS.stdoutPart}\ndata: `, "latin1");
const END = Buffer.from("\n\n", "latin1");

/**
 * Frames of lines are made in slabs that are used again once the socket has taken the frame
 * (recycle()): a fresh buffer per frame costs far more than filling it (the allocator, page faults,
 * the collector's external-memory bookkeeping), and a frame is a few hundred KiB at most.
 */
const SLAB = 256 * 1024;
/** Free slabs kept for the next frames; past this, a returned slab is left to the collector. */
const SLABS_KEPT = 16;
const slabs: Buffer[] = [];
const slabBuffers = new WeakSet<ArrayBufferLike>();

function slab(): Buffer {
  const free = slabs.pop();
  if (free) return free;
  const made = Buffer.allocUnsafeSlow(SLAB);
  slabBuffers.add(made.buffer);
  return made;
}

/** Gives a taken frame's slab back once the socket has taken the frame (its write's callback), for the next frame. */
export function recycle(frame: readonly Buffer[]): void {
  for (const part of frame) {
    if (!slabBuffers.has(part.buffer) || slabs.length >= SLABS_KEPT) continue;
    slabs.push(Buffer.from(part.buffer, 0, SLAB));
  }
}

/** What holding `view` costs: the whole chunk it sees. */
function held(view: Buffer): number {
  return Math.max(view.buffer.byteLength, view.length);
}

/** Complete lines as written (a view of a chunk), joined by "\n"; they leave as `data:` fields of events. */
class Lines {
  /** Where the next line to leave starts; past the end once every line has left. */
  at = 0;
  constructor(
    readonly stream: OutputStream,
    readonly body: Buffer,
  ) {}

  get done(): boolean {
    return this.at > this.body.length;
  }

  /**
   * The next event: the lines from `at` within about FRAME_LINES bytes, at least one; its SSE text
   * as the buffers to write. It ends before a line holding a "\r" SSE would read as a line end;
   * undefined when that line is the first (then `at` is unchanged).
   */
  next(): Buffer[] | undefined {
    const { body } = this;
    const start = this.at;
    let end = body.length;
    if (end - start > FRAME_LINES) {
      // The last line end within reach (found natively, not line by line); else the one long line.
      end = body.lastIndexOf(NEWLINE, start + FRAME_LINES);
      if (end < start) return this.#long(start);
    }
    const head = HEADS[this.stream];
    const out = slab();
    head.copy(out, 0);
    let p = head.length;
    /** Where the line being copied starts, in `body` and in `out`. */
    let lineAt = start;
    let lineOut = p;
    for (let i = start; i < end; i++) {
      const c = body[i] as number;
      if (c === NEWLINE) {
        out[p] = NEWLINE;
        out[p + 1] = 100; // d
        out[p + 2] = 97; // a
        out[p + 3] = 116; // t
        out[p + 4] = 97; // a
        out[p + 5] = 58; // :
        out[p + 6] = 32; // space
        p += 7;
        lineAt = i + 1;
        lineOut = p;
      } else if (c === RETURN) {
        // A line's trailing "\r" (CRLF) is dropped; one anywhere else cannot go as is: the event ends before its line.
        if (i + 1 !== end && body[i + 1] !== NEWLINE) {
          if (lineAt === start) return undefined;
          p = lineOut - DATA.length - 1;
          end = lineAt - 1;
          break;
        }
      } else out[p++] = c;
    }
    out[p++] = NEWLINE;
    out[p++] = NEWLINE;
    this.at = end + 1;
    return [out.subarray(0, p)];
  }

  /** One line longer than FRAME_LINES from `start`: sent as the view it is, between its event's head and end. */
  #long(start: number): Buffer[] | undefined {
    const { body } = this;
    let end = body.indexOf(NEWLINE, start + FRAME_LINES);
    if (end === -1) end = body.length;
    const stop = body[end - 1] === RETURN ? end - 1 : end;
    const line = body.subarray(start, stop);
    if (line.includes(RETURN)) return undefined;
    this.at = end + 1;
    return [HEADS[this.stream], line, END];
  }
}

/** One line that spanned chunks, as its pieces, with no "\r" SSE would read as a line end. */
class Pieces {
  constructor(
    readonly head: Buffer,
    readonly pieces: Buffer[],
    readonly cost: number,
  ) {}
}

type Entry = Buffer | Lines | Pieces;

export class FrameQueue {
  /** Sealed frames and waiting lines, a ring: `#head` is the oldest, `#count` how many. */
  #ring: (Entry | undefined)[] = new Array<Entry | undefined>(16);
  #head = 0;
  #count = 0;
  #open: Buffer[] = [];
  #openBytes = 0;
  #bytes = 0;

  /** The queue's memory by its true cost (see the file's comment). */
  get bytes(): number {
    return this.#bytes;
  }

  get empty(): boolean {
    return this.#count === 0 && this.#open.length === 0;
  }

  /** Appends one event's SSE text (sent as UTF-8). */
  push(text: string): void {
    this.#pushPart(Buffer.from(text, "utf8"));
  }

  /**
   * Appends complete lines of output as written, joined by "\n" (no trailing one; an empty buffer
   * is one empty line). A trailing "\r" is dropped from each. They leave as `<stream>-lines`
   * events, except a line still holding a "\r" (SSE would read it as a line end): that one leaves
   * alone, as a JSON string in a `<stream>` event.
   */
  pushLines(stream: OutputStream, body: Buffer): void {
    this.#seal();
    this.#enqueue(new Lines(stream, body));
    this.#bytes += held(body) + FRAME_OVERHEAD;
  }

  /** Appends one line as its pieces (the views of the chunks it spanned), to leave as one event without being copied. */
  pushLine(stream: OutputStream, pieces: Buffer[]): void {
    let length = 0;
    for (const piece of pieces) length += piece.length;
    if (length <= FRAME_LINES) {
      // A short line across two chunks is copied: its views would keep both chunks alive.
      const body = Buffer.allocUnsafeSlow(length);
      let at = 0;
      for (const piece of pieces) at += piece.copy(body, at);
      return this.pushLines(stream, body);
    }
    this.#pushPieces(HEADS[stream], LINE_EVENTS[stream].one, trimReturn(pieces));
  }

  /**
   * Appends the start of a stdout line still being written (its pieces, as written), to leave as one
   * `stdout-part` event without being copied; the page holds it until the line's end comes, at the
   * start of the next `stdout-lines` or `stdout` event. A part holding a "\r" goes as a JSON string
   * in a `stdout-part-json` event. The splitter cuts parts where the text decodes the same in parts
   * as whole (stdoutSplitter.ts: holdBack).
   */
  pushPart(pieces: Buffer[]): void {
    const line = pieces.filter((piece) => piece.length > 0);
    if (line.length > 0) this.#pushPieces(PART_HEAD, BRIDGE_EVENTS.stdoutPartJson, line);
  }

  /** Appends one line (its pieces, as written) as a JSON string in a `<stream>` event: a line SSE cannot carry as is, or one that was cut. */
  pushJsonLine(stream: OutputStream, pieces: Buffer[]): void {
    this.#pushJson(LINE_EVENTS[stream].one, pieces);
  }

  /**
   * `line`'s pieces as one event under `head`, without a copy; as a JSON string in a `jsonEvent`
   * event instead when a piece holds a "\r" (SSE would read it as a line end).
   */
  #pushPieces(head: Buffer, jsonEvent: string, line: Buffer[]): void {
    if (line.some((piece) => piece.includes(RETURN))) return this.#pushJson(jsonEvent, line);
    this.#seal();
    let cost = FRAME_OVERHEAD;
    for (const piece of line) cost += held(piece);
    this.#enqueue(new Pieces(head, line, cost));
    this.#bytes += cost;
  }

  #pushJson(event: string, pieces: Buffer[]): void {
    // latin1 keeps each byte as one character, and JSON.stringify escapes only ASCII: the line's own bytes go out between the quotes.
    const text = JSON.stringify(Buffer.concat(pieces).toString("latin1"));
    this.#pushPart(Buffer.from(`event: ${event}\ndata: ${text}\n\n`, "latin1"));
  }

  /**
   * The oldest frame as the buffers to write in order (the open one sealed first when nothing else
   * waits), or undefined when empty.
   */
  take(): Buffer[] | undefined {
    if (this.#count === 0) this.#seal();
    if (this.#count === 0) return undefined;
    const entry = this.#ring[this.#head] as Entry;
    if (entry instanceof Lines) return this.#takeLines(entry);
    this.#dequeue();
    if (entry instanceof Pieces) {
      this.#bytes -= entry.cost;
      return [entry.head, ...entry.pieces, END];
    }
    this.#bytes -= entry.length + FRAME_OVERHEAD;
    return [entry];
  }

  /** Drops everything. */
  clear(): void {
    this.#ring = new Array<Entry | undefined>(16);
    this.#head = 0;
    this.#count = 0;
    this.#open = [];
    this.#openBytes = 0;
    this.#bytes = 0;
  }

  #takeLines(entry: Lines): Buffer[] {
    const from = entry.at;
    let frame = entry.next();
    if (frame === undefined) {
      // Rare: a line holding a "\r". These lines go one by one, each as written or as JSON.
      frame = this.#carriageReturns(entry);
    }
    const { body } = entry;
    this.#bytes -= Math.min(entry.at, body.length) - from;
    if (entry.done) {
      this.#dequeue();
      this.#bytes -= held(body) - body.length + FRAME_OVERHEAD;
    }
    return frame;
  }

  /** The next line of `entry`, alone: as written, or as JSON when a "\r" is left in it once a trailing one is dropped. */
  #carriageReturns(entry: Lines): Buffer[] {
    const { body } = entry;
    const start = entry.at;
    const newline = body.indexOf(NEWLINE, start);
    const end = newline === -1 ? body.length : newline;
    entry.at = end + 1;
    const [line] = trimReturn([body.subarray(start, end)]);
    const piece = line ?? Buffer.alloc(0);
    if (piece.includes(RETURN)) {
      const text = JSON.stringify(piece.toString("latin1"));
      return [Buffer.from(`event: ${LINE_EVENTS[entry.stream].one}\ndata: ${text}\n\n`, "latin1")];
    }
    return [HEADS[entry.stream], piece, END];
  }

  #pushPart(part: Buffer): void {
    this.#open.push(part);
    this.#openBytes += part.length;
    this.#bytes += part.length + PART_OVERHEAD;
    if (this.#openBytes >= FRAME_TARGET || this.#open.length >= FRAME_MAX_PARTS) this.#seal();
  }

  #seal(): void {
    const parts = this.#open;
    if (parts.length === 0) return;
    const frame = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
    this.#open = [];
    this.#openBytes = 0;
    // Each part's own overhead goes; the frame's comes.
    this.#bytes += FRAME_OVERHEAD - parts.length * PART_OVERHEAD;
    this.#enqueue(frame);
  }

  #enqueue(entry: Entry): void {
    if (this.#count === this.#ring.length) this.#grow();
    this.#ring[(this.#head + this.#count) % this.#ring.length] = entry;
    this.#count++;
  }

  #dequeue(): void {
    this.#ring[this.#head] = undefined;
    this.#head = (this.#head + 1) % this.#ring.length;
    this.#count--;
  }

  #grow(): void {
    const bigger = new Array<Entry | undefined>(this.#ring.length * 2);
    for (let i = 0; i < this.#count; i++) bigger[i] = this.#ring[(this.#head + i) % this.#ring.length];
    this.#ring = bigger;
    this.#head = 0;
  }
}

/** A line's pieces without its trailing "\r", if any (CRLF line ends). */
function trimReturn(pieces: Buffer[]): Buffer[] {
  let last = pieces.length - 1;
  while (last >= 0 && (pieces[last] as Buffer).length === 0) last--;
  if (last < 0) return [];
  const piece = pieces[last] as Buffer;
  if (piece[piece.length - 1] !== RETURN) return pieces;
  return [...pieces.slice(0, last), piece.subarray(0, -1)];
}

/** One event as SSE text. */
export function sseEvent(type: string, data: string): string {
  return `event: ${type}\ndata: ${data}\n\n`;
}
