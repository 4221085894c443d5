/** One line cut from a newline-delimited stream; `truncated` when it passed the cap and was cut short. */
export interface Line {
  text: string;
  truncated: boolean;
}

/** Default cap on one stdio line: a frame may carry images, but a stream that never ends a line must not grow without bound. */
export const MAX_LINE_CHARS = 16 * 1024 * 1024;

/**
 * Splits text chunks into lines (stdio framing, spec "Transports": newline-delimited JSON-RPC, no
 * embedded newlines). A trailing `\r` is dropped so CRLF servers work; text past `maxChars` in one
 * line is discarded and the line reported as truncated, so the next line still frames correctly.
 */
export class LineSplitter {
  readonly #maxChars: number;
  #partial = "";
  #truncated = false;

  constructor(maxChars = MAX_LINE_CHARS) {
    this.#maxChars = maxChars;
  }

  /** Feeds one decoded chunk; returns the lines it completed, in order. */
  push(chunk: string): Line[] {
    const lines: Line[] = [];
    let start = 0;
    for (;;) {
      const end = chunk.indexOf("\n", start);
      if (end === -1) break;
      this.#append(chunk.slice(start, end));
      lines.push(this.#take());
      start = end + 1;
    }
    this.#append(chunk.slice(start));
    return lines;
  }

  /** The unterminated last line at end of stream, if any. */
  flush(): Line[] {
    return this.#partial === "" && !this.#truncated ? [] : [this.#take()];
  }

  #append(text: string): void {
    if (this.#truncated) return;
    const room = this.#maxChars - this.#partial.length;
    if (text.length > room) {
      this.#partial += text.slice(0, Math.max(0, room));
      this.#truncated = true;
    } else this.#partial += text;
  }

  #take(): Line {
    const text = this.#partial.endsWith("\r") ? this.#partial.slice(0, -1) : this.#partial;
    const line = { text, truncated: this.#truncated };
    this.#partial = "";
    this.#truncated = false;
    return line;
  }
}
