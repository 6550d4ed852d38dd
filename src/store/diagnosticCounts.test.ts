import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from './createRuntimeStore';
import { selectDiagnosticSummary } from './selectors/diagnosticSummary';

const t1 = turn();

// Issue 23 item 5 (store part): every unknown event was kept as a diagnostic with its event (+115 MB per 100k).
describe('repeated diagnostics are counted per code, and only the first are kept', () => {
  it('20,000 unknown events keep 100 records and count 20,000', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    const unknown = Array.from({ length: 20_000 }, (_, i) => ev('telemetry.sampled', t1, { sample: i }));
    for (let i = 0; i < unknown.length; i += 500) store.getState().ingest(unknown.slice(i, i + 500));
    const state = store.getState();
    expect(state.counts.unknownType).toBe(20_000);
    expect(state.diagnostics.ids).toHaveLength(100);
    expect(state.diagnosticCounts.get('unknown_event_type')).toBe(20_000);
    expect(selectDiagnosticSummary(state)).toEqual([{ code: 'unknown_event_type', count: 20_000, kept: 100 }]);
  });

  it('each code keeps its own first records, and the store can keep more or fewer', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore({ keepDiagnosticsPerCode: 3 });
    store.getState().ingest([
      ...Array.from({ length: 5 }, () => ev('telemetry.sampled', t1)),
      ...Array.from({ length: 5 }, () => ({ ...ev('model.delta', t1, { delta: 'x' }), timestamp: 'not a date' })),
    ]);
    const state = store.getState();
    expect([...state.diagnostics.byId.values()].map((d) => d.code)).toEqual(['unknown_event_type', 'unknown_event_type', 'unknown_event_type', 'invalid_event', 'invalid_event', 'invalid_event']);
    expect(selectDiagnosticSummary(state)).toEqual([
      { code: 'unknown_event_type', count: 5, kept: 3 },
      { code: 'invalid_event', count: 5, kept: 3 },
    ]);
  });
});
