import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sameJson } from './sameJson';

// Values as summaries hold them, with what JSON writes differently from what it holds: undefined
// and functions left out of objects (null in arrays), non-finite numbers as null, -0 as 0, dates.
const leaf = fc.oneof(
  fc.string({ maxLength: 3 }),
  fc.integer({ min: -2, max: 2 }),
  fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, 1.5, null, undefined, true, false, () => 1),
  fc.constantFrom(new Date(0), new Date(1)),
);
const value = fc.letrec((tie) => ({
  any: fc.oneof({ maxDepth: 3 }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('any'), { maxLength: 3 }),
  object: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), tie('any'), { maxKeys: 3 }),
})).any;

describe('sameJson', () => {
  it('agrees with comparing JSON.stringify texts', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(sameJson(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
        expect(sameJson(a, structuredCloneJson(a))).toBe(true);
      }),
      { numRuns: 3_000 },
    );
  });

  it('tells key order and left-out keys apart as JSON does', () => {
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson([undefined], [null])).toBe(true);
    expect(sameJson({ n: Number.NaN }, { n: null })).toBe(true);
    expect(sameJson({ n: -0 }, { n: 0 })).toBe(true);
    expect(sameJson({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
  });
});

/** A copy with the same JSON text but no shared objects. */
function structuredCloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structuredCloneJson);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, structuredCloneJson(v)]));
  return value;
}
