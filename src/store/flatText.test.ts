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
