// Input read as a stream of lines, so memory follows the longest line, not the input's size.

/** The longest line read, in characters; events are kilobytes, a large snapshot line megabytes. */
export const MAX_LINE_CHARS = 16 * 1024 * 1024;

export type InputLine =
  | { line: number; text: string }
  /** Reading stopped here: the line is over the limit, or the input is not UTF-8 text. */
  | { line: number; stop: 'line_too_long' | 'binary_input' };

/**
 * Splits chunks of UTF-8 bytes (or text) into numbered lines. A line over `maxChars`, bytes that
 * are not UTF-8, or a NUL byte (never valid in JSON text) end the input with a `stop` entry: such
 * input is not JSON Lines, and an endless one (/dev/zero) must not be read forever.
 */
export async function* splitLines(chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, maxChars = MAX_LINE_CHARS): AsyncGenerator<InputLine> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending: string[] = [];
  let pendingChars = 0;
  let line = 1;
  /** The chunk's text, and where the first byte that cannot be JSON text is (or -1). */
  const decode = (chunk: string | Uint8Array, stream: boolean): { text: string; bad: number } => {
    if (typeof chunk === 'string') return { text: chunk, bad: chunk.indexOf('\0') };
    try {
      const text = decoder.decode(chunk, { stream });
      return { text, bad: text.indexOf('\0') };
    } catch {
      // Find the line of the first malformed sequence: decode again, replacing it.
      const text = new TextDecoder().decode(chunk);
      const nul = text.indexOf('\0');
      const replaced = text.indexOf('\uFFFD');
      return { text, bad: nul < 0 ? replaced : replaced < 0 ? nul : Math.min(nul, replaced) };
    }
  };
  const take = (text: string, from: number, to: number): boolean => {
    pendingChars += to - from;
    if (to > from) pending.push(text.slice(from, to));
    return pendingChars <= maxChars;
  };
  const feed = function* (text: string, bad: number): Generator<InputLine, boolean> {
    let start = 0;
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', start)) {
      if (bad >= start && bad < newline) {
        yield { line, stop: 'binary_input' };
        return false;
      }
      if (!take(text, start, newline)) {
        yield { line, stop: 'line_too_long' };
        return false;
      }
      yield { line, text: pending.join('') };
      pending = [];
      pendingChars = 0;
      line += 1;
      start = newline + 1;
    }
    if (bad >= start) {
      yield { line, stop: 'binary_input' };
      return false;
    }
    if (take(text, start, text.length)) return true;
    yield { line, stop: 'line_too_long' };
    return false;
  };
  for await (const chunk of chunks) {
    const { text, bad } = decode(chunk, true);
    if (!(yield* feed(text, bad))) return;
  }
  const tail = decode(new Uint8Array(0), false);
  if (!(yield* feed(tail.text, tail.bad))) return;
  if (pendingChars > 0) yield { line, text: pending.join('') };
}
