/**
 * Splits a stream of text chunks into lines, keeping a partial last line until its end arrives.
 * Accepts \n, \r\n and \r line ends (SSE allows all three).
 */
export class LineSplitter {
  private rest = '';
  private pendingCr = false;

  push(chunk: string, onLine: (line: string) => void): void {
    let text = chunk;
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      onLine(this.rest + text.slice(start, i));
      this.rest = '';
      if (c === 13) {
        if (i + 1 === text.length) this.pendingCr = true;
        else if (text.charCodeAt(i + 1) === 10) i += 1;
      }
      start = i + 1;
    }
    this.rest += text.slice(start);
  }

  /** The unterminated last line, if any. */
  end(onLine: (line: string) => void): void {
    if (this.rest !== '') onLine(this.rest);
    this.rest = '';
  }
}
