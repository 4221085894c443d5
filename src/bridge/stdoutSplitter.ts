/**
 * Splits a process's output (stdout or stderr, as the bytes read from the pipe) into lines without
 * making a string, an object or a copy per line: a chunk's complete lines are handed on together,
 * as a view of the chunk (the lines joined by "\n"), for the frame queue to turn into events only
 * as they leave. A line that spans chunks is handed on alone, as its pieces; one longer than the cap
 * is cut to the cap and handed on marked as cut, so the page can be told. Newlines are found
 * natively (Buffer.indexOf), a few calls per chunk whatever its lines' length.
 */
export type RunHandler = (body: Buffer) => void;
/** One line as its pieces (views of the chunks it spans), `cut` when it passed the cap. */
export type LineHandler = (pieces: Buffer[], cut: boolean) => void;

const NEWLINE = 10;

export class StdoutSplitter {
  readonly #max: number;
  /** The line being read: its pieces so far, their bytes, and whether it passed the cap. */
  #pieces: Buffer[] = [];
  #bytes = 0;
  #truncated = false;

  constructor(maxBytes: number) {
    this.#max = maxBytes;
  }

  /** Feeds one chunk: `run` gets each run of complete lines, `line` each line that spans chunks or was cut, in order. */
  push(chunk: Buffer, run: RunHandler, line: LineHandler): void {
    const first = chunk.indexOf(NEWLINE);
    if (first === -1) return this.#append(chunk);
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
    this.#truncated = false;
    line(pieces, truncated);
  }

  #append(piece: Buffer): void {
    if (this.#truncated || piece.length === 0) return;
    const room = this.#max - this.#bytes;
    if (piece.length > room) {
      if (room > 0) this.#pieces.push(piece.subarray(0, room));
      this.#bytes = this.#max;
      this.#truncated = true;
    } else {
      this.#pieces.push(piece);
      this.#bytes += piece.length;
    }
  }
}
