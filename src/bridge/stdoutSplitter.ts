/**
 * Splits a process's output (stdout or stderr, as the bytes read from the pipe) into lines without
 * making a string, an object or a copy per line: a chunk's complete lines are handed on together,
 * as a view of the chunk (the lines joined by "\n"), for the frame queue to turn into events only
 * as they leave. A line that spans chunks is handed on alone, as its pieces; a long one (past
 * `partBytes`) in parts while it is still being written, so it flows on as it arrives instead of
 * waiting in the bridge for its end (a 1 MiB line is 16 pipe reads); one longer than the cap
 * is cut to the cap and handed on marked as cut, so the page can be told. Newlines are found
 * natively (Buffer.indexOf), a few calls per chunk whatever its lines' length.
 */
export type RunHandler = (body: Buffer) => void;
/** One line as its pieces (views of the chunks it spans), `cut` when it passed the cap. */
export type LineHandler = (pieces: Buffer[], cut: boolean) => void;
/** The start of a line that is still being written, as its pieces; the rest follows as more parts and then the line's end. */
export type PartHandler = (pieces: Buffer[]) => void;

const NEWLINE = 10;
const RETURN = 13;

/**
 * How many bytes at the end of `piece` a part must leave for the next one, so that decoding the
 * parts one after another gives the same text as decoding the line whole: a trailing "\r" (it may
 * be the line's CRLF end) and a UTF-8 sequence begun in the last 4 bytes (its lead byte on). A part
 * ending at an ASCII byte, or after 4 continuation bytes (no sequence is longer), leaves nothing.
 * Undefined when the piece is too short to tell (its lead byte may sit in the piece before).
 */
export function holdBack(piece: Buffer): number | undefined {
  const end = piece.length;
  if (piece[end - 1] === RETURN) return 1;
  for (let i = end - 1; i >= 0 && i >= end - 4; i--) {
    const b = piece[i] as number;
    if (b < 0x80) return 0;
    if (b >= 0xc0) return end - i;
  }
  return end >= 4 ? 0 : undefined;
}

export class StdoutSplitter {
  readonly #max: number;
  readonly #partBytes: number;
  /** The line being read: its pieces not yet handed on, the line's bytes so far, and whether it passed the cap. */
  #pieces: Buffer[] = [];
  #bytes = 0;
  #truncated = false;
  /** Bytes of `#pieces`. */
  #unsent = 0;

  /** `partBytes`: once this much of an unfinished line waits, it is handed on as a part (never, by default). */
  constructor(maxBytes: number, partBytes = Infinity) {
    this.#max = maxBytes;
    this.#partBytes = partBytes;
  }

  /**
   * Feeds one chunk: `run` gets each run of complete lines, `line` each line that spans chunks or was
   * cut (only its pieces not yet handed on), `part` the start of a long line still being written, in order.
   */
  push(chunk: Buffer, run: RunHandler, line: LineHandler, part?: PartHandler): void {
    const first = chunk.indexOf(NEWLINE);
    if (first === -1) {
      this.#append(chunk);
      return this.#release(part);
    }
    let from = 0;
    // The line begun in earlier chunks ends here: it goes alone.
    if (this.#bytes > 0 || this.#truncated) {
      this.#append(chunk.subarray(0, first));
      this.#end(line);
      from = first + 1;
    }
    const last = chunk.lastIndexOf(NEWLINE);
    if (from <= last) this.#run(chunk, from, last, run, line);
    if (last + 1 < chunk.length) this.#append(chunk.subarray(last + 1));
    this.#release(part);
  }

  /** Hands on what waits of a long unfinished line as a part, keeping back what the next part must start with (holdBack). */
  #release(part: PartHandler | undefined): void {
    if (part === undefined || this.#truncated || this.#unsent < this.#partBytes) return;
    const pieces = this.#pieces;
    const last = pieces[pieces.length - 1] as Buffer;
    const keep = holdBack(last);
    if (keep === undefined) return;
    if (keep === 0) {
      this.#pieces = [];
      this.#unsent = 0;
    } else {
      pieces[pieces.length - 1] = last.subarray(0, last.length - keep);
      this.#pieces = [last.subarray(last.length - keep)];
      this.#unsent = keep;
    }
    part(pieces);
  }

  /** The unterminated last line at the end of the stream, if any. */
  flush(line: LineHandler): void {
    if (this.#bytes > 0 || this.#truncated) this.#end(line);
  }

  /** Complete lines chunk[from, end): one run, unless one of them may pass the cap (then line by line past it). */
  #run(chunk: Buffer, from: number, end: number, run: RunHandler, line: LineHandler): void {
    // A line longer than the cap has no newline within `max` bytes of its start: look ahead by `max` at a time.
    let start = from;
    for (let at = from; end - at > this.#max; ) {
      const next = chunk.lastIndexOf(NEWLINE, at + this.#max);
      if (next >= at) {
        at = next + 1;
        continue;
      }
      // A line from `at` longer than the cap: the lines before it, then it alone, cut.
      if (at > start) run(chunk.subarray(start, at - 1));
      const newline = chunk.indexOf(NEWLINE, at);
      line([chunk.subarray(at, at + this.#max)], true);
      at = start = newline + 1;
    }
    if (start <= end) run(chunk.subarray(start, end));
  }

  #end(line: LineHandler): void {
    const pieces = this.#pieces;
    const truncated = this.#truncated;
    this.#pieces = [];
    this.#bytes = 0;
    this.#unsent = 0;
    this.#truncated = false;
    line(pieces, truncated);
  }

  #append(piece: Buffer): void {
    if (this.#truncated || piece.length === 0) return;
    const room = this.#max - this.#bytes;
    if (piece.length > room) {
      if (room > 0) this.#pieces.push(piece.subarray(0, room));
      this.#unsent += Math.max(0, room);
      this.#bytes = this.#max;
      this.#truncated = true;
    } else {
      this.#pieces.push(piece);
      this.#bytes += piece.length;
      this.#unsent += piece.length;
    }
  }
}
