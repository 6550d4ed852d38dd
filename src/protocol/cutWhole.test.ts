import { describe, expect, it } from 'vitest';
import { cutWhole } from './cutWhole';

describe('cutWhole', () => {
  it('keeps text within the budget as it is, and cuts at a boundary that splits nothing', () => {
    expect(cutWhole('abc def', 7)).toBe('abc def');
    expect(cutWhole('abc def', 4)).toBe('abc ');
    expect(cutWhole('abc def', 3)).toBe('abc');
  });

  it('drops the head of a token the budget would split, the characters of a credential included', () => {
    expect(cutWhole('key: ghp_Ab0+/=~%.-x tail', 12)).toBe('key: ');
    expect(cutWhole('a\nAGE-SECRET-KEY-1QQQQ\n', 10)).toBe('a\n');
  });

  it('a budget inside a text that is one token keeps nothing of it', () => {
    expect(cutWhole('x'.repeat(50), 10)).toBe('');
  });
});
