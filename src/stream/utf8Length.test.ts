import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Length } from './utf8Length';

// The byte count is what an encoder writes (TextEncoder: a lone surrogate becomes U+FFFD, 3 bytes),
// however the text falls across the 64 K-character pieces it is measured in.
const encoded = (text: string) => new TextEncoder().encode(text).length;
const unit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const units = fc.string({ unit, maxLength: 40 });
const PIECE = 64 * 1024;

describe('utf8Length', () => {
  it('counts what TextEncoder writes, lone surrogates and pairs included', () => {
    fc.assert(fc.property(units, (text) => utf8Length(text) === encoded(text)), { numRuns: 500 });
    expect(utf8Length('')).toBe(0);
    expect(utf8Length('a€😀')).toBe(1 + 3 + 4);
    expect(utf8Length('\ud83d')).toBe(3);
  });

  it('counts the same across the pieces it measures, a pair cut at a piece end included', () => {
    // Random units placed around each piece boundary of a text over two pieces long.
    const around = fc.tuple(fc.integer({ min: 1, max: 2 }), fc.integer({ min: -3, max: 3 }), units, fc.constantFrom('a', 'é', '€'));
    fc.assert(
      fc.property(around, ([piece, shift, middle, filler]) => {
        const head = filler.repeat(piece * PIECE + shift - 1);
        const text = `${head}\ud83d\ude00${middle}${filler.repeat(10)}`;
        return utf8Length(text) === encoded(text);
      }),
      { numRuns: 60 },
    );
  });
});
