import { describe, expect, it } from 'vitest';
import { runFuzz } from './fuzz/runFuzz';
import { fixtureNames } from './referenceData';

// `npm run fuzz` sets these for the full campaign; the unit run is a small, fixed-seed slice. The
// no-hang bound is wall-clock time, so only the campaign applies it: `npm test` runs on busy machines.
const SEED = Number(process.env.AGENTUI_FUZZ_SEED ?? 1);
const STREAMS = Number(process.env.AGENTUI_FUZZ_STREAMS ?? 8);
const FULL = process.env.AGENTUI_FUZZ_STREAMS !== undefined;

describe('fuzz: mutated fixture streams keep every invariant', () => {
  it(`seed ${SEED}, ${STREAMS} mutated streams per fixture`, { timeout: FULL ? 24 * 3_600_000 : 60_000 }, () => {
    const report = runFuzz({ seed: SEED, streams: STREAMS, checkPrev: process.env.AGENTUI_FUZZ_CHECK_PREV !== '0', budgetMs: FULL ? 1_000 : Infinity });
    if (FULL) console.log(`FUZZ REPORT ${JSON.stringify(report, null, 2)}`);
    expect(report.examples, JSON.stringify(report.examples, null, 2)).toEqual([]);
    expect(report.streams).toBeGreaterThan(0);
  });

  // A second seed, far enough to reach the streams of issue 13 item 8 (seed 2: subagent-handoff
  // stream 35, task-retry stream 52); test/fuzzRegressions.test.ts checks each reported stream.
  it('seed 2, 53 mutated streams per fixture', { timeout: 60_000 }, () => {
    const report = runFuzz({ seed: 2, streams: 53, checkPrev: true, budgetMs: Infinity });
    expect(report.examples, JSON.stringify(report.examples, null, 2)).toEqual([]);
    expect(report.streams).toBe(53 * fixtureNames().length);
  });
});
