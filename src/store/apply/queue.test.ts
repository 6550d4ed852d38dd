import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../../test/eventBuilder';
import { createRuntimeStore } from '../createRuntimeStore';
import { summarize } from '../selectors/summarize';
import { selectThreadReadModel } from '../selectors/readModels';

function queueAfter(payload: Record<string, unknown>) {
  const ev = eventBuilder();
  const store = createRuntimeStore();
  store.getState().ingest([ev('turn.started', turn()), ev('queue.changed', turn(), payload)]);
  return { store, summary: summarize(store.getState()) };
}

describe('queue.changed', () => {
  it('reads payload.queue items with turnId and prompt', () => {
    const { summary } = queueAfter({ queue: [{ turnId: 't2', prompt: 'next one' }] });
    expect(summary.queue).toEqual([{ turnId: 't2', preview: 'next one' }]);
    expect(summary.diagnostics).toEqual([]);
  });

  it('reads payload.queuedTurnIds', () => {
    const { summary, store } = queueAfter({ queuedTurnIds: ['t2', 't3'] });
    expect(summary.queue).toEqual([{ turnId: 't2' }, { turnId: 't3' }]);
    expect(selectThreadReadModel(store.getState()).queuedTurns.map((q) => q.turnId)).toEqual(['t2', 't3']);
  });

  it('an empty list is a known empty queue', () => {
    expect(queueAfter({ queue: [] }).summary.queue).toEqual([]);
  });

  it('an unrecognised form makes the queue unknown with a diagnostic, never "nothing queued"', () => {
    const { summary, store } = queueAfter({ waiting: 't2' });
    expect(summary.queue).toBe('unknown');
    expect(summary.diagnostics.map((d) => d.code)).toEqual(['queue_unrecognized']);
    expect(selectThreadReadModel(store.getState()).queueUnknown).toBe(true);
  });
});
