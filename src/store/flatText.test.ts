import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendedText, flattenText } from './flatText';

describe('appendedText', () => {
  it('is exactly the concatenation, however the text is cut into deltas', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { maxLength: 300 }), (deltas) => {
        let text = '';
        for (const delta of deltas) text = appendedText(text, delta);
        expect(flattenText(text)).toBe(deltas.join(''));
      }),
      { numRuns: 300 },
    );
  });
});

describe('flattenText', () => {
  it('keeps every character, text that NFC would change included', () => {
    const decomposed = 'cafe\u0301 '.repeat(8);
    let text = '';
    for (const piece of decomposed.match(/.{1,3}/gsu)!) text = appendedText(text, piece);
    expect(flattenText(text)).toBe(decomposed);
    expect(flattenText(text).normalize()).not.toBe(decomposed);
  });
});
