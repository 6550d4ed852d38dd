import { validateEvent } from '../../protocol/validateEvent';
import type { ValidationIssue } from '../../protocol/validationIssue';
import { createRuntimeStore } from '../../store/createRuntimeStore';
import { summarize, type RuntimeSummary } from '../../store/selectors/summarize';

/** One recorded adapter run: its events, the summary expected of them, and an optional repair snapshot. */
export interface RecordedRun {
  name: string;
  events: readonly unknown[];
  /** An expect document, as the fixtures' `.expect.json`: the summary keys it names must match. */
  expected: Record<string, unknown>;
  /** The read model the adapter returned from `readThread`; checked against `expected.afterRepair`. */
  snapshot?: unknown;
}

/**
 * What `runConformance` found for one adapter run: the summary, invalid events, mismatches with the
 * expected summary, and whether applying twice changed nothing.
 */
export interface ConformanceResult {
  name: string;
  summary: RuntimeSummary;
  /** Events that do not pass `validateEvent`, with why. */
  invalid: { eventId: unknown; type: unknown; issues: ValidationIssue[] }[];
  /** Differences from the expected summary, one line each (empty when the run conforms). */
  mismatches: string[];
  /** Applying the run a second time changed nothing but the duplicate count. */
  idempotent: boolean;
}

/** Keys of an expect document that describe how to check the run, not its summary. */
const META_KEYS = new Set(['schemaViolations', 'afterRepair']);

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The comparison the fixtures' expect files use: every key the document names must match
 * exactly (lists item by item, field by field); `counts` matches only the counters it names.
 */
export function diffSummary(summary: RuntimeSummary, expected: Record<string, unknown>, label = ''): string[] {
  const mismatches: string[] = [];
  const at = label === '' ? '' : `${label}: `;
  for (const [key, value] of Object.entries(expected)) {
    if (META_KEYS.has(key)) continue;
    const actual = (summary as unknown as Record<string, unknown>)[key];
    if (key === 'counts') {
      for (const [counter, n] of Object.entries(value as Record<string, number>)) {
        const got = (actual as Record<string, number>)[counter];
        if (got !== n) mismatches.push(`${at}counts.${counter}: expected ${n}, got ${got}`);
      }
    } else if (!equal(actual, value)) {
      mismatches.push(`${at}${key}: expected ${JSON.stringify(value)}, got ${JSON.stringify(actual)}`);
    }
  }
  return mismatches;
}

const withoutCounts = ({ counts: _counts, ...rest }: RuntimeSummary) => rest;

/**
 * Replays an adapter's recorded run the way the fixtures are checked (SPEC section 9): every
 * event valid, the projection equal to the hand-written expected summary, a second delivery
 * changing nothing, and, when the run carries a repair snapshot, the repaired projection equal
 * to `expected.afterRepair`.
 */
export function runConformance(run: RecordedRun): ConformanceResult {
  const invalid: ConformanceResult['invalid'] = [];
  for (const event of run.events) {
    const validation = validateEvent(event);
    if (!validation.valid) {
      const { eventId, type } = (event ?? {}) as { eventId?: unknown; type?: unknown };
      invalid.push({ eventId, type, issues: validation.issues });
    }
  }
  const store = createRuntimeStore();
  store.getState().ingest(run.events);
  store.getState().settle();
  const summary = summarize(store.getState());
  const mismatches = diffSummary(summary, run.expected, run.name);

  const twice = createRuntimeStore();
  twice.getState().ingest(run.events);
  twice.getState().ingest(run.events);
  twice.getState().settle();
  const idempotent = equal(withoutCounts(summarize(twice.getState())), withoutCounts(summary));

  const afterRepair = run.expected.afterRepair as Record<string, unknown> | undefined;
  if (afterRepair !== undefined) {
    if (run.snapshot === undefined) mismatches.push(`${run.name}: expects a repair but the run has no snapshot`);
    else {
      const report = store.getState().applyReadModel(run.snapshot);
      if (!report.applied) mismatches.push(`${run.name}: the repair snapshot was not applied`);
      mismatches.push(...diffSummary(summarize(store.getState()), afterRepair, `${run.name} after repair`));
    }
  }
  return { name: run.name, summary, invalid, mismatches, idempotent };
}
