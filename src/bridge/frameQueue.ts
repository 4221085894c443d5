/**
 * A session's output waiting for the page. Two kinds of entry wait in one ring, in order:
 * - SSE text (stderr lines, notices, the exit): appended to an open frame, which is sealed (joined
 *   into one string) once it holds FRAME_TARGET characters or FRAME_MAX_PARTS events;
 * - stdout lines as the server wrote them, a chunk's complete lines joined by "\n" in one string.
 *   They become SSE events only as they leave, FRAME_TARGET characters of events at a time, so what
 *   waits costs about a byte per character of output whatever the line shape: an empty line is one
 *   character waiting, not ~25 characters of SSE text in a string of its own.
 * Adding an entry and taking a frame are O(1) per event (no `shift()` on a long array, no scan of
 * what waits), and one socket write carries a whole frame of lines.
 *
 * `bytes` is the memory the queue holds by its true cost: a string's characters (two bytes each once
 * one needs it), plus what V8 spends on each string, entry and slot.
 */

/** Characters of SSE text a frame is sealed at, and made from waiting lines: one socket write's worth. */
export const FRAME_TARGET = 64 * 1024;
/** Events an open frame holds at most before it is sealed, so its per-event overhead stays bounded. */
export const FRAME_MAX_PARTS = 2048;
/** What one event costs beyond its characters while it is its own string in the open frame. */
export const PART_OVERHEAD = 64;
/** What one sealed frame or one entry of waiting lines costs beyond its characters (the string header, the entry, its slot). */
export const FRAME_OVERHEAD = 96;

const WIDE = /[^\x00-\xff]/;
/** What JSON.stringify escapes, besides the newline that separates lines: lines without any need no escaping. */
const NEEDS_ESCAPE = /["\\\x00-\x09\x0b-\x1f]/;

/** Bytes a string of `text` occupies: one per character, two once any is past Latin-1. */
function textBytes(text: string): number {
  return WIDE.test(text) ? text.length * 2 : text.length;
}

/** Complete lines of output, joined by "\n", made into `event: <type>` SSE events as they leave. */
class Lines {
  /** Where the next line to leave starts; past the end once every line has left. */
  at = 0;
  readonly head: string;
  readonly between: string;
  constructor(
    readonly type: string,
    readonly body: string,
    /** No line needs JSON escaping: the events are the body with quotes and SSE framing around each line. */
    readonly plain: boolean,
    /** Bytes per character of `body`. */
    readonly width: 1 | 2,
  ) {
    this.head = `event: ${type}\ndata: "`;
    this.between = `"\n\n${this.head}`;
  }

  get done(): boolean {
    return this.at > this.body.length;
  }

  /** The next frame: SSE events for lines from `at` until about `target` characters of them. */
  next(target: number): string {
    const { body } = this;
    const start = this.at;
    const framing = this.head.length + 3;
    let end = start;
    let size = 0;
    for (;;) {
      const newline = body.indexOf("\n", end);
      if (newline === -1) {
        end = body.length + 1;
        break;
      }
      size += newline - end + framing;
      end = newline + 1;
      if (size >= target) break;
    }
    this.at = end;
    const piece = body.slice(start, end - 1);
    if (this.plain) return `${this.head}${piece.replaceAll("\n", this.between)}"\n\n`;
    let text = "";
    for (const line of piece.split("\n")) text += sseEvent(this.type, JSON.stringify(line.endsWith("\r") ? line.slice(0, -1) : line));
    return text;
  }
}

type Entry = string | Lines;

export class FrameQueue {
  /** Sealed frames and waiting lines, a ring: `#head` is the oldest, `#count` how many. */
  #ring: (Entry | undefined)[] = new Array<Entry | undefined>(16);
  #head = 0;
  #count = 0;
  #open: string[] = [];
  #openChars = 0;
  #bytes = 0;

  /** The queue's memory by its true cost (see the file's comment). */
  get bytes(): number {
    return this.#bytes;
  }

  get empty(): boolean {
    return this.#count === 0 && this.#open.length === 0;
  }

  /** Appends one event's SSE text. */
  push(text: string): void {
    this.#open.push(text);
    this.#openChars += text.length;
    // Counted wide until sealed: testing each small part would cost more than it saves.
    this.#bytes += text.length * 2 + PART_OVERHEAD;
    if (this.#openChars >= FRAME_TARGET || this.#open.length >= FRAME_MAX_PARTS) this.#seal();
  }

  /**
   * Appends complete lines of output as written, joined by "\n" (no trailing one; "" is one empty
   * line), to leave as one `event: <type>` event per line with the line as a JSON string (a
   * trailing "\r" dropped).
   */
  pushLines(type: string, body: string): void {
    this.#seal();
    const width = WIDE.test(body) ? 2 : 1;
    this.#enqueue(new Lines(type, body, !NEEDS_ESCAPE.test(body), width));
    this.#bytes += body.length * width + FRAME_OVERHEAD;
  }

  /** The oldest frame (the open one sealed first when nothing else waits), or undefined when empty. */
  take(): string | undefined {
    if (this.#count === 0) this.#seal();
    if (this.#count === 0) return undefined;
    const entry = this.#ring[this.#head] as Entry;
    if (typeof entry === "string") {
      this.#dequeue();
      this.#bytes -= textBytes(entry) + FRAME_OVERHEAD;
      return entry;
    }
    const from = entry.at;
    const frame = entry.next(FRAME_TARGET);
    this.#bytes -= (Math.min(entry.at, entry.body.length) - from) * entry.width;
    if (entry.done) {
      this.#dequeue();
      this.#bytes -= FRAME_OVERHEAD;
    }
    return frame;
  }

  /** Drops everything. */
  clear(): void {
    this.#ring = new Array<Entry | undefined>(16);
    this.#head = 0;
    this.#count = 0;
    this.#open = [];
    this.#openChars = 0;
    this.#bytes = 0;
  }

  #seal(): void {
    const parts = this.#open;
    if (parts.length === 0) return;
    const frame = parts.length === 1 ? (parts[0] as string) : parts.join("");
    let openCost = 0;
    for (const part of parts) openCost += part.length * 2 + PART_OVERHEAD;
    this.#open = [];
    this.#openChars = 0;
    this.#bytes += textBytes(frame) + FRAME_OVERHEAD - openCost;
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

/** One event as SSE text. */
export function sseEvent(type: string, data: string): string {
  return `event: ${type}\ndata: ${data}\n\n`;
}
