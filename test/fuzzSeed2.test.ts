import { describe, expect, it } from 'vitest';
import { FUZZ_STREAMS, runFuzz } from './fuzz/runFuzz';
import { fixtureNames } from './referenceData';

// Seed 2 of the unit-run fuzz (see test/fuzz.test.ts): a file of its own, so it runs in a worker of its own.
describe('fuzz: mutated fixture streams keep every invariant', () => {
  it(`seed 2, ${FUZZ_STREAMS} mutated streams per fixture`, { timeout: 180_000 }, () => {
    const report = runFuzz({ seed: 2, streams: FUZZ_STREAMS, checkPrev: true, budgetMs: Infinity }); // no wall-clock bound in npm test (npm run fuzz applies one)
    expect(report.examples, JSON.stringify(report.examples, null, 2)).toEqual([]);
    expect(report.streams).toBe(FUZZ_STREAMS * fixtureNames().length);
  });
});
