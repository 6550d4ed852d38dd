import { describe, expect, it } from 'vitest';
import { FUZZ_STREAMS, runFuzz } from './fuzz/runFuzz';
import { fixtureNames } from './referenceData';

// `npm run fuzz` sets AGENTUI_FUZZ_SEED / AGENTUI_FUZZ_STREAMS for a long campaign; the unit run is
// seed 1 of the size test/fuzzSeed2.test.ts and test/fuzzSeed3.test.ts run beside it (separate
// files, so vitest runs the three seeds in parallel workers).
// The no-hang bound is wall-clock time, so only the campaign applies it: `npm test` runs on busy machines.
const FULL = process.env.AGENTUI_FUZZ_STREAMS !== undefined;
const SEED = Number(process.env.AGENTUI_FUZZ_SEED ?? 1);
const STREAMS = Number(process.env.AGENTUI_FUZZ_STREAMS ?? FUZZ_STREAMS);

describe('fuzz: mutated fixture streams keep every invariant', () => {
  it(`seed ${SEED}, ${STREAMS} mutated streams per fixture`, { timeout: FULL ? 24 * 3_600_000 : 180_000 }, () => {
    const report = runFuzz({ seed: SEED, streams: STREAMS, checkPrev: process.env.AGENTUI_FUZZ_CHECK_PREV !== '0', budgetMs: FULL ? 1_000 : Infinity });
    if (FULL) console.log(`FUZZ REPORT ${JSON.stringify(report, null, 2)}`);
    expect(report.examples, JSON.stringify(report.examples, null, 2)).toEqual([]);
    expect(report.streams).toBe(STREAMS * fixtureNames().length);
    // The refused-lines mutation ran (issue 22 item 4): refused lines mid-stream are part of the class.
    expect(report.byMutation['refused-lines'] ?? 0).toBeGreaterThan(0);
  });
});
