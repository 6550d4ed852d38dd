import { describe, expect, it } from 'vitest';
import { boundedMemo } from './boundedMemo';

/** A memo of upper-casing, with the strings it computed. */
function counted(options: Parameters<typeof boundedMemo>[1]) {
  const computed: string[] = [];
  const memo = boundedMemo((key) => (computed.push(key), key.toUpperCase()), options);
  return { memo, computed };
}

describe('boundedMemo', () => {
  it('computes a string once while it is remembered, and gives the same value each time', () => {
    const { memo, computed } = counted({ size: 3 });
    expect([memo('a'), memo('b'), memo('a'), memo('b')]).toEqual(['A', 'B', 'A', 'B']);
    expect(computed).toEqual(['a', 'b']);
  });

  it('past its size forgets every string at once, or only the oldest one', () => {
    const all = counted({ size: 2 });
    for (const key of ['a', 'b', 'c', 'b', 'a']) all.memo(key);
    // c found it full: a and b forgotten; b then a computed again.
    expect(all.computed).toEqual(['a', 'b', 'c', 'b', 'a']);
    const oldest = counted({ size: 2, forget: 'oldest' });
    for (const key of ['a', 'b', 'c', 'b', 'a']) oldest.memo(key);
    // c found it full: a forgotten; b still remembered, a computed again.
    expect(oldest.computed).toEqual(['a', 'b', 'c', 'a']);
  });

  it('never keeps a string longer than `longest`', () => {
    const { memo, computed } = counted({ size: 10, longest: 3 });
    expect([memo('long'), memo('long'), memo('abc'), memo('abc')]).toEqual(['LONG', 'LONG', 'ABC', 'ABC']);
    expect(computed).toEqual(['long', 'long', 'abc']);
  });
});
