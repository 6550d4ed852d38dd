import { expect } from 'vitest';
import type { RuntimeSummary } from '../src/store/selectors/summarize';

/** Keys of an expect file that describe how to check the fixture, not its summary. */
const META_KEYS = new Set(['schemaViolations', 'afterRepair']);

/**
 * Compares a summary with an expect file: every key the file names must match; lists must match
 * exactly (every item, every field); `counts` matches the counters it names.
 */
export function expectSummary(summary: RuntimeSummary, expected: Record<string, unknown>, label: string): void {
  for (const [key, value] of Object.entries(expected)) {
    if (META_KEYS.has(key)) continue;
    const actual = (summary as unknown as Record<string, unknown>)[key];
    if (key === 'counts') {
      for (const [counter, n] of Object.entries(value as Record<string, number>)) {
        expect((actual as Record<string, number>)[counter], `${label}: counts.${counter}`).toBe(n);
      }
    } else {
      expect(actual, `${label}: ${key}`).toEqual(value);
    }
  }
}
