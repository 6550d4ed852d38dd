import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
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

// Issue 23 item 2: normalize() is quadratic on long runs of combining marks; untrusted text never goes through it.
describe('flattening untrusted text', () => {
  it('never normalizes: 100 KB of combining marks streamed in deltas come out as they went in', () => {
    const normalize = vi.spyOn(String.prototype, 'normalize');
    const marks = 'a' + '\u0301\u0302\u0303\u0304'.repeat(25_000);
    let text = '';
    for (let i = 0; i < marks.length; i += 8) text = appendedText(text, marks.slice(i, i + 8));
    expect(flattenText(text)).toBe(marks);
    expect(normalize).not.toHaveBeenCalled();
    normalize.mockRestore();
  });
});
