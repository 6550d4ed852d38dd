import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutBytes } from '../../test/cutBytes';
import { LineReader, type InputLine } from './splitLines';

const encoder = new TextEncoder();

/** Reads `chunks` through one LineReader, as a stream reader would. */
function readAll(chunks: readonly (string | Uint8Array)[], maxChars?: number): InputLine[] {
  const reader = new LineReader(maxChars);
  const lines: InputLine[] = [];
  for (const chunk of chunks) lines.push(...reader.push(chunk));
  lines.push(...reader.end());
  return lines;
}

describe('LineReader', () => {
  it('gives the same numbered lines wherever the bytes are cut, multi-byte characters and LF, CRLF or CR line ends included', () => {
    const line = fc.string({ unit: fc.constantFrom('a', '{', '"', 'é', '字', '😀', ' '), maxLength: 12 });
    const lineEnd = fc.constantFrom('\n', '\r\n', '\r');
    fc.assert(
      fc.property(fc.array(fc.tuple(line, lineEnd), { maxLength: 12 }), fc.boolean(), fc.array(fc.nat(), { maxLength: 8 }), (rows, endsWithLineEnd, offsets) => {
        const text = rows.map(([t, end], i) => (i < rows.length - 1 || endsWithLineEnd ? t + end : t)).join('');
        // A CR followed by an LF is one line end, wherever the rows put them.
        const expected = text.split(/\r\n|\r|\n/).map((t, i) => ({ line: i + 1, text: t }));
        if (expected.at(-1)!.text === '') expected.pop();
        expect(readAll(cutBytes(encoder.encode(text), offsets))).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('reads lines past ASCII among ASCII ones alike wherever the chunk sits in its buffer (runs decoded apart, words read four bytes at a time)', () => {
    const lines = ['{"a":"plain ascii line, long enough for whole words"}', '{"b":"a dash — and é"}', 'ascii again', '😀', '', 'x'.repeat(37), '€ at the start', 'ends past ascii é'];
    const bytes = encoder.encode(`${lines.join('\n')}\n`);
    for (let shift = 0; shift < 8; shift++) {
      const buffer = new Uint8Array(bytes.length + shift);
      buffer.set(bytes, shift);
      const chunk = buffer.subarray(shift);
      expect(readAll([chunk])).toEqual(lines.map((text, i) => ({ line: i + 1, text })));
      // And cut in two at every place.
      for (let cut = 0; cut <= chunk.length; cut += 5) expect(readAll([chunk.subarray(0, cut), chunk.subarray(cut)])).toEqual(lines.map((text, i) => ({ line: i + 1, text })));
    }
  });

  it('reads a file with CR-only line ends (old Mac) as its lines, not as one line', () => {
    expect(readAll(['{"a":1}\r{"b":2}\r\r{"c":3}\r'])).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 2, text: '{"b":2}' },
      { line: 3, text: '' },
      { line: 4, text: '{"c":3}' },
    ]);
  });

  it('stops at a line over the limit, whether it arrives whole or in pieces, and reads nothing after', () => {
    expect(readAll(['ab\nabcdef\nok\n'], 4)).toEqual([{ line: 1, text: 'ab' }, { line: 2, stop: 'line_too_long' }]);
    expect(readAll(['ab\nabc', 'def\nok\n'], 4)).toEqual([{ line: 1, text: 'ab' }, { line: 2, stop: 'line_too_long' }]);
    expect(readAll(['ab\nabcdef'], 4)).toEqual([{ line: 1, text: 'ab' }, { line: 2, stop: 'line_too_long' }]);
    // Exactly at the limit is still a line.
    expect(readAll(['abcd\n'], 4)).toEqual([{ line: 1, text: 'abcd' }]);
  });

  it('hands on a line inside one chunk as read, NUL and all: its reader finds the NUL when the line fails to parse', () => {
    expect(readAll(['{"a":1}\n{"b":\u00002}\n{"c":3}\n'])).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 2, text: '{"b":\u00002}' },
      { line: 3, text: '{"c":3}' },
    ]);
  });

  it('names the line a malformed character is in when a chunk ends inside a character', () => {
    const bytes = (...parts: (string | number)[]) => new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...encoder.encode(part)] : [part])));
    // The first byte of a three-byte character ends line 1, and the next chunk ends the line: line 1 is not UTF-8.
    expect(readAll([bytes('{"a":1}', 0xe2), bytes('\n{"b":2}\n')])).toEqual([{ line: 1, stop: 'binary_input' }]);
    // A character completed across chunks is text; the malformed byte after it is on line 5, not on the character's line 2.
    expect(readAll([bytes('ok\n', 0xe2), bytes(0x82, 0xac, '\n{"a":1}\n{"b":2}\n', 0xff, '\n')])).toEqual([
      { line: 1, text: 'ok' },
      { line: 2, text: '€' },
      { line: 3, text: '{"a":1}' },
      { line: 4, text: '{"b":2}' },
      { line: 5, stop: 'binary_input' },
    ]);
    // Cut one byte at a time, a four-byte character is still one character.
    const emoji = [...encoder.encode('😀')];
    expect(readAll([bytes('a', emoji[0]!), bytes(emoji[1]!), bytes(emoji[2]!), bytes(emoji[3]!, '\n', 0xff, '\n')])).toEqual([{ line: 1, text: 'a😀' }, { line: 2, stop: 'binary_input' }]);
  });

  it('stops at the first line that is not UTF-8, wherever the bytes are cut (against a reading of the whole, line by line)', () => {
    const piece = fc.constantFrom(...['a', '{', '"', '\n', '\r', '\r\n', '€', '😀', '\uFFFD'].map((t) => [...encoder.encode(t)]), [0xff], [0xe2], [0x82], [0xe2, 0x82], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe0, 0x9f, 0xbf], [0xf0, 0x9f]);
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), fc.array(fc.nat(), { maxLength: 6 }), (pieces, offsets) => {
        const bytes = new Uint8Array(pieces.flat());
        // The lines of the whole, each judged alone: text, or where reading stops.
        const expected: InputLine[] = [];
        let start = 0;
        const close = (end: number) => {
          const line = expected.length + 1;
          try {
            expected.push({ line, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start, end)) });
          } catch {
            expected.push({ line, stop: 'binary_input' });
          }
        };
        for (let at = 0; at < bytes.length && !expected.some((e) => 'stop' in e); at++) {
          if (bytes[at] !== 10 && bytes[at] !== 13) continue;
          close(at);
          if (bytes[at] === 13 && bytes[at + 1] === 10) at += 1;
          start = at + 1;
        }
        if (start < bytes.length && !expected.some((e) => 'stop' in e)) close(bytes.length);
        expect(readAll(cutBytes(bytes, offsets))).toEqual(expected);
      }),
      { numRuns: 1_000 },
    );
  });

  it('an empty chunk between a CR and its LF is no line end of its own', () => {
    const expected = [
      { line: 1, text: '{"a":1}' },
      { line: 2, text: '{"b":2}' },
    ];
    expect(readAll(['{"a":1}\r', '', '\n{"b":2}\n'])).toEqual(expected);
    expect(readAll([encoder.encode('{"a":1}\r'), new Uint8Array(0), encoder.encode('\n{"b":2}\n')])).toEqual(expected);
  });

  it('stops at a NUL in a line held across chunks (an endless run of NULs at its first chunk) or at bytes that are not UTF-8', () => {
    // A NUL as bytes in the piece of a line that ends in the next chunk, and in the piece that ends it.
    expect(readAll([encoder.encode('{"a":1}\n{"b":'), new Uint8Array([0, ...encoder.encode('2}\n')])])).toEqual([{ line: 1, text: '{"a":1}' }, { line: 2, stop: 'binary_input' }]);
    expect(readAll([new Uint8Array([...encoder.encode('{"a":1}\n{"b":'), 0]), encoder.encode('2}\n{"c":3}\n')])).toEqual([{ line: 1, text: '{"a":1}' }, { line: 2, stop: 'binary_input' }]);
    // /dev/zero: no line end ever; reading stops at the first chunk, not at the line limit.
    const zeros = new Uint8Array(1 << 16);
    expect(readAll([zeros, zeros, zeros])).toEqual([{ line: 1, stop: 'binary_input' }]);
    const euro = encoder.encode('€');
    const cut = [new Uint8Array([...encoder.encode('ok\n'), euro[0]!]), new Uint8Array([euro[1]!, euro[2]!, ...encoder.encode('\nx'), 0])];
    expect(readAll(cut)).toEqual([{ line: 1, text: 'ok' }, { line: 2, text: '€' }, { line: 3, stop: 'binary_input' }]);
    const bad = new Uint8Array([...encoder.encode('{"a":1}\n{"b":'), 0xff, ...encoder.encode('}\n')]);
    expect(readAll([bad])).toEqual([{ line: 1, text: '{"a":1}' }, { line: 2, stop: 'binary_input' }]);
    // A truncated multi-byte character at the very end is not UTF-8 either.
    expect(readAll([encoder.encode('ok\n'), new Uint8Array([0xe5, 0xad])])).toEqual([{ line: 1, text: 'ok' }, { line: 2, stop: 'binary_input' }]);
    // A character cut off by bytes of the next chunk that cannot continue it.
    expect(readAll([encoder.encode('ok\nab'), new Uint8Array([0xe5]), encoder.encode('c\nd\n')])).toEqual([{ line: 1, text: 'ok' }, { line: 2, stop: 'binary_input' }]);
  });
});
