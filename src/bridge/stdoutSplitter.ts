/**
 * Splits a server's stdout into lines without making a string or an object per line: a chunk's
 * complete lines are handed on together, as written and joined by "\n", for the frame queue to
 * turn into events only as they leave. A line longer than the cap (it spans many chunks) is cut
 * to the cap and handed on alone, so the page can be told.
 */
export class StdoutSplitter {
  readonly #max: number;
  #partial = "";
  #truncated = false;

  constructor(maxChars: number) {
    this.#max = maxChars;
  }

  /** Feeds one decoded chunk: `lines` gets each run of complete lines, `cut` each line cut to the cap, in order. */
  push(chunk: string, lines: (body: string) => void, cut: (text: string) => void): void {
    if (chunk.length > this.#max) {
      // Only a chunk longer than a whole line can hold a line past the cap inside it: one at a time.
      let start = 0;
      for (let newline = chunk.indexOf("\n"); newline !== -1; newline = chunk.indexOf("\n", start)) {
        this.#append(chunk.slice(start, newline));
        this.#end(lines, cut);
        start = newline + 1;
      }
      return this.#append(chunk.slice(start));
    }
    const first = chunk.indexOf("\n");
    if (first === -1) return this.#append(chunk);
    const last = chunk.lastIndexOf("\n");
    let from = 0;
    // The line begun in earlier chunks ends here, past the cap: it goes alone.
    if (this.#truncated || this.#partial.length + first > this.#max) {
      this.#append(chunk.slice(0, first));
      this.#end(lines, cut);
      from = first + 1;
    }
    if (from <= last) lines(this.#partial + chunk.slice(from, last));
    this.#partial = chunk.slice(last + 1);
  }

  /** The unterminated last line at the end of the stream, if any. */
  flush(lines: (body: string) => void, cut: (text: string) => void): void {
    if (this.#partial !== "" || this.#truncated) this.#end(lines, cut);
  }

  #end(lines: (body: string) => void, cut: (text: string) => void): void {
    const text = this.#partial;
    const truncated = this.#truncated;
    this.#partial = "";
    this.#truncated = false;
    if (truncated) cut(text);
    else lines(text);
  }

  #append(text: string): void {
    if (this.#truncated) return;
    const room = this.#max - this.#partial.length;
    if (text.length > room) {
      this.#partial += text.slice(0, Math.max(0, room));
      this.#truncated = true;
    } else this.#partial += text;
  }
}
