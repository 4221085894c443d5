/**
 * A session's output waiting for the page, as SSE text in frames: events are appended to an open
 * frame, which is sealed (joined into one string) once it holds FRAME_TARGET characters or
 * FRAME_MAX_PARTS events; sealed frames wait in a ring of slots. Taking a frame and adding an event
 * are O(1) (no `shift()` on a long array), and one socket write carries a whole frame of lines.
 *
 * `bytes` is the memory the queue holds by its true cost, whatever the line shape: a string's
 * characters (two bytes each once one needs it), plus what V8 spends on each string and slot. An
 * empty stdout line is ~25 characters of SSE text but ~90 bytes while it is its own string.
 */

/** Characters of SSE text a frame is sealed at: one socket write's worth. */
export const FRAME_TARGET = 64 * 1024;
/** Events an open frame holds at most before it is sealed, so its per-event overhead stays bounded. */
export const FRAME_MAX_PARTS = 2048;
/** What one event costs beyond its characters while it is its own string in the open frame. */
export const PART_OVERHEAD = 64;
/** What one sealed frame costs beyond its characters (the string header and its slot). */
export const FRAME_OVERHEAD = 48;

const WIDE = /[^\x00-\xff]/;

/** Bytes a string of `text` occupies: one per character, two once any is past Latin-1. */
function textBytes(text: string): number {
  return WIDE.test(text) ? text.length * 2 : text.length;
}

export class FrameQueue {
  /** Sealed frames, a ring: `#head` is the oldest, `#count` how many. */
  #ring: (string | undefined)[] = new Array<string | undefined>(16);
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

  /** The oldest frame (the open one sealed first when nothing else waits), or undefined when empty. */
  take(): string | undefined {
    if (this.#count === 0) this.#seal();
    if (this.#count === 0) return undefined;
    const frame = this.#ring[this.#head] as string;
    this.#ring[this.#head] = undefined;
    this.#head = (this.#head + 1) % this.#ring.length;
    this.#count--;
    this.#bytes -= textBytes(frame) + FRAME_OVERHEAD;
    return frame;
  }

  /** Drops everything. */
  clear(): void {
    this.#ring = new Array<string | undefined>(16);
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
    if (this.#count === this.#ring.length) this.#grow();
    this.#ring[(this.#head + this.#count) % this.#ring.length] = frame;
    this.#count++;
  }

  #grow(): void {
    const bigger = new Array<string | undefined>(this.#ring.length * 2);
    for (let i = 0; i < this.#count; i++) bigger[i] = this.#ring[(this.#head + i) % this.#ring.length];
    this.#ring = bigger;
    this.#head = 0;
  }
}

/** One event as SSE text. */
export function sseEvent(type: string, data: string): string {
  return `event: ${type}\ndata: ${data}\n\n`;
}
