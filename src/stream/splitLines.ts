// Input read as a stream of lines, so memory follows the longest line, not the input's size.

import { BYTE_ORDER_MARK } from '../protocol/parseJsonl';
import { MAX_LINE_CHARS } from './lineSplitter';

export type InputLine =
  | { line: number; text: string }
  /** Reading stopped here: the line is over the limit, or the input is not UTF-8 text. */
  | { line: number; stop: 'line_too_long' | 'binary_input' };

/**
 * Turns chunks of UTF-8 bytes (or text) into numbered lines (ended by LF, CRLF or CR), a chunk at
 * a time and synchronously:
 * a 64 KB chunk holds hundreds of event lines, and handing them over one by one through an async
 * generator cost more than parsing them (two generators, several microtasks per line). A line
 * over `maxChars`, bytes that are not UTF-8, or a NUL (never valid in JSON text) in a line held
 * across chunks end the input with a `stop` entry: such input is not JSON Lines, and an endless
 * one (/dev/zero) must not be read forever. A line wholly inside a chunk is handed on unsearched
 * for a NUL: its reader finds one when the line fails to parse (`readInput`), and scanning every
 * byte for one was a tenth of reading a 41 MB backlog in Chromium.
 */
export class LineReader {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private pending: string[] = [];
  private pendingChars = 0;
  private line = 1;
  private stopped = false;
  /** The last chunk ended with a CR: an LF starting the next one belongs to that line end. */
  private pendingCr = false;
  /** No text read yet: a byte order mark starting it is not text (the decoder drops it from bytes). */
  private atStart = true;
  /** The bytes of a character the last chunks cut off, held by the decoder until the next one completes it. */
  private carry: Uint8Array = NO_BYTES;

  constructor(private readonly maxChars = MAX_LINE_CHARS) {}

  /** True once a `stop` entry was returned: nothing more is read. */
  get done(): boolean {
    return this.stopped;
  }

  /**
   * The complete lines in `chunk` (with the partial line held from earlier chunks). Bytes are
   * decoded a run of lines at a time, the lines holding a character past ASCII apart from the
   * others (see `asciiRuns`).
   */
  push(chunk: string | Uint8Array): InputLine[] {
    if (this.stopped) return [];
    if (typeof chunk === 'string') {
      const { text, bad } = this.decode(chunk, true);
      return this.feed(text, bad);
    }
    let lines: InputLine[] | undefined;
    for (let from = 0; from < chunk.length && !this.stopped; ) {
      const to = asciiRuns(chunk, from);
      const { text, bad } = this.decode(from === 0 && to === chunk.length ? chunk : chunk.subarray(from, to), true);
      const found = this.feed(text, bad);
      if (lines === undefined) lines = found;
      else for (const line of found) lines.push(line);
      from = to;
    }
    return lines ?? [];
  }

  /** The end of input: the last line, if it had no line end. */
  end(): InputLine[] {
    if (this.stopped) return [];
    const tail = this.decode(new Uint8Array(0), false);
    const lines = this.feed(tail.text, tail.bad);
    if (!this.stopped && this.pendingChars > 0) lines.push({ line: this.line, text: this.pending.join('') });
    this.stopped = true;
    return lines;
  }

  /** The chunk's text, and where the first character that is not UTF-8 text is (or -1). */
  private decode(chunk: string | Uint8Array, stream: boolean): { text: string; bad: number } {
    if (typeof chunk === 'string') {
      const text = this.atStart && chunk.charCodeAt(0) === BYTE_ORDER_MARK ? chunk.slice(1) : chunk;
      if (chunk.length > 0) this.atStart = false;
      return { text, bad: -1 };
    }
    try {
      const text = this.decoder.decode(chunk, { stream });
      this.carry = cutCharacter(chunk.length < 4 ? joinBytes(this.carry, chunk) : chunk);
      return { text, bad: -1 };
    } catch {
      // Where the first malformed sequence starts, with the bytes the decoder held from the last
      // chunk before this one's (decoded alone, the end of a character they began reads as
      // malformed, and the line before was named). Found in the bytes, not as the first U+FFFD of a
      // lenient decode: a line may hold that character as text.
      const bytes = joinBytes(this.carry, chunk);
      const at = firstMalformed(bytes);
      return { text: new TextDecoder().decode(bytes), bad: new TextDecoder().decode(bytes.subarray(0, at)).length };
    }
  }

  /** Holds a piece of a line that crosses chunks: false when the line is over the limit. */
  private take(text: string, from: number, to: number): boolean {
    this.pendingChars += to - from;
    if (to > from) this.pending.push(text.slice(from, to));
    return this.pendingChars <= this.maxChars;
  }

  /**
   * A NUL in text[from, to): a piece of a line held across chunks (see the class comment). Searched
   * in a slice: Node 20's `indexOf('\0', from)` is slow on a two-byte string, and
   * called at every chunk's end it took 2 s of reading a 41 MB backlog (10 ms this way).
   */
  private static holdsNul(text: string, from: number, to: number): boolean {
    return text.slice(from, to).indexOf('\0') >= 0;
  }

  private stop(lines: InputLine[], stop: 'line_too_long' | 'binary_input'): InputLine[] {
    lines.push({ line: this.line, stop });
    this.stopped = true;
    this.pending = [];
    return lines;
  }

  private feed(text: string, bad: number): InputLine[] {
    const lines: InputLine[] = [];
    // An empty chunk (a stream may send one) ends no line, nor a CR's wait for its LF.
    if (text.length === 0 && bad < 0) return lines;
    let start = 0;
    // A CR that ended the last chunk and the LF that starts this one are one line end.
    if (this.pendingCr && text.charCodeAt(0) === 10) start = 1;
    this.pendingCr = false;
    // Lines end at LF, CRLF or a lone CR (old Mac files; the SSE splitter accepts all three). Most
    // input has no CR at all: then this is one indexOf per line, as before.
    let cr = text.indexOf('\r', start);
    let lf = text.indexOf('\n', start);
    while (cr >= 0 || lf >= 0) {
      const end = cr >= 0 && (lf < 0 || cr < lf) ? cr : lf;
      if (bad >= start && bad < end) return this.stop(lines, 'binary_input');
      if (this.pendingChars === 0 && end - start <= this.maxChars) {
        // The common case: the whole line is in this chunk (no join of pieces).
        lines.push({ line: this.line, text: text.slice(start, end) });
      } else {
        if (LineReader.holdsNul(text, start, end)) return this.stop(lines, 'binary_input');
        if (!this.take(text, start, end)) return this.stop(lines, 'line_too_long');
        lines.push({ line: this.line, text: this.pending.join('') });
        this.pending = [];
        this.pendingChars = 0;
      }
      this.line += 1;
      start = end + 1;
      if (end === cr) {
        if (start === text.length) this.pendingCr = true;
        else if (text.charCodeAt(start) === 10) start += 1;
        cr = text.indexOf('\r', start);
      }
      if (lf >= 0 && lf < start) lf = text.indexOf('\n', start);
    }
    if (bad >= start || LineReader.holdsNul(text, start, text.length)) return this.stop(lines, 'binary_input');
    if (!this.take(text, start, text.length)) return this.stop(lines, 'line_too_long');
    return lines;
  }
}

const NO_BYTES = new Uint8Array(0);
const LF = 10;

/** Bits of a 4-byte word that are set only in bytes past ASCII. */
const PAST_ASCII = 0x80808080;

/**
 * The offset of the first byte past ASCII from `from` (or the length): four bytes at a time where
 * they are aligned (a byte at a time, 41 MB of ASCII took 300 ms in Node; this, a tenth).
 */
function firstPastAscii(bytes: Uint8Array, from: number): number {
  const end = bytes.length;
  let at = from;
  while (at < end && ((bytes.byteOffset + at) & 3) !== 0) {
    if (bytes[at]! >= 0x80) return at;
    at += 1;
  }
  const words = (end - at) >> 2;
  if (words > 0) {
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset + at, words);
    for (let w = 0; w < words; w++) {
      if ((view[w]! & PAST_ASCII) === 0) continue;
      at += w * 4;
      while (bytes[at]! < 0x80) at += 1;
      return at;
    }
    at += words * 4;
  }
  for (; at < end; at += 1) if (bytes[at]! >= 0x80) return at;
  return end;
}

/**
 * Where the run of bytes from `from` ends: the lines up to the first one holding a byte past ASCII,
 * or that line alone when it starts the run (a run ends after an LF, or at the chunk's end). A
 * decoder makes a string of one byte per character only from text that is all Latin-1: one such
 * character in a 64 KB chunk made the whole chunk's text, and every line cut from it, two bytes a
 * character, which took twice the memory and a third longer to decode, split and parse (reading
 * the 140,000-event coding session in Node: 272-307 ms, 181-205 ms decoded a run at a time). An LF byte never
 * sits inside a longer UTF-8 character, so a run always ends between characters.
 */
function asciiRuns(bytes: Uint8Array, from: number): number {
  const at = firstPastAscii(bytes, from);
  if (at === bytes.length) return at;
  const lineStart = bytes.lastIndexOf(LF, at) + 1;
  if (lineStart > from) return lineStart;
  const end = bytes.indexOf(LF, at);
  return end < 0 ? bytes.length : end + 1;
}

/** `a` then `b` (`b` itself when `a` is empty: the common case, no copy). */
function joinBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/**
 * The offset of the first malformed UTF-8 sequence in `bytes` (a character cut off at their end
 * counts), or their length: the WHATWG decoder's rules, so it finds where that decoder failed
 * (no overlong forms, surrogates or code points past U+10FFFF).
 */
function firstMalformed(bytes: Uint8Array): number {
  for (let at = 0; at < bytes.length; ) {
    const lead = bytes[at]!;
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0) return at;
    // The second byte's range narrows after E0, ED, F0 and F4.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k < length; k++) {
      const byte = bytes[at + k];
      if (byte === undefined || byte < (k === 1 ? low : 0x80) || byte > (k === 1 ? high : 0xbf)) return at;
    }
    at += length;
  }
  return bytes.length;
}

/** The bytes at the end of `bytes` that begin a character they do not complete (a UTF-8 decoder holds them). */
function cutCharacter(bytes: Uint8Array): Uint8Array {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    // A continuation byte: the character began further back.
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? bytes.slice(bytes.length - back) : NO_BYTES;
  }
  return NO_BYTES;
}

/** The lines of the input, one array per chunk read (see `LineReader`). */
export async function* lineBatches(chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, maxChars = MAX_LINE_CHARS): AsyncGenerator<InputLine[]> {
  const reader = new LineReader(maxChars);
  for await (const chunk of chunks) {
    const lines = reader.push(chunk);
    if (lines.length > 0) yield lines;
    if (reader.done) return;
  }
  const last = reader.end();
  if (last.length > 0) yield last;
}
