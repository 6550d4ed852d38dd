// The readers' size limits live here, with the live stream's line splitter, and the text readers
// (splitLines.ts, readInput.ts: the backlog's, loaded lazily) import them. The other way round, the
// live stream reached the lazily loaded readers' modules for two numbers, and the app's bundler
// split the shell's shared code into many small eagerly loaded chunks (1.8 KB gzip more on the
// first screen).

/** The longest line read, in characters; events are kilobytes, a large snapshot line megabytes. */
export const MAX_LINE_CHARS = 16 * 1024 * 1024;

/** The largest input still tried as one multi-line JSON document (beyond it, JSON Lines), and the largest SSE message. */
export const MAX_DOCUMENT_CHARS = 64 * 1024 * 1024;

/** Options of a `LineSplitter`: the longest line kept, and who hears of one dropped for its length. */
export interface LineSplitterOptions {
  /** The longest line kept, in characters (default 16 MiB, the CLI's limit). A longer one is dropped. */
  maxLineChars?: number;
  /** A line over the limit was dropped (reported once, when it passes the limit). */
  onOverflow?: (limit: number) => void;
}

/**
 * Splits a stream of text chunks into lines, keeping a partial last line until its end arrives.
 * Accepts \n, \r\n and \r line ends (SSE allows all three). A line longer than `maxLineChars` is
 * dropped as it passes the limit, and the rest of it skipped up to its line end: an endless line
 * costs the limit, not the stream's length.
 */
export class LineSplitter {
  readonly #options: LineSplitterOptions;
  // TypeScript's private, not #: a test reads how much of an endless line is held.
  private rest = '';
  #pendingCr = false;
  /** Inside a line already dropped for its length: skip to its end. */
  #skipping = false;
  readonly #maxChars: number;

  constructor(options: LineSplitterOptions = {}) {
    this.#options = options;
    this.#maxChars = options.maxLineChars ?? MAX_LINE_CHARS;
  }

  push(chunk: string, onLine: (line: string) => void): void {
    let text = chunk;
    if (this.#pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.#pendingCr = false;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      if (this.#skipping) this.#skipping = false;
      else if (this.rest.length + i - start > this.#maxChars) this.#overflow();
      else onLine(this.rest + text.slice(start, i));
      this.rest = '';
      if (c === 13) {
        if (i + 1 === text.length) this.#pendingCr = true;
        else if (text.charCodeAt(i + 1) === 10) i += 1;
      }
      start = i + 1;
    }
    if (this.#skipping) return;
    if (this.rest.length + text.length - start > this.#maxChars) {
      this.rest = '';
      this.#skipping = true;
      this.#overflow();
      return;
    }
    this.rest += text.slice(start);
  }

  /** The unterminated last line, if any. */
  end(onLine: (line: string) => void): void {
    if (this.rest !== '') onLine(this.rest);
    this.rest = '';
    this.#skipping = false;
  }

  #overflow(): void {
    this.#options.onOverflow?.(this.#maxChars);
  }
}
