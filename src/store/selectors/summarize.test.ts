import { describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../../test/eventBuilder';
import { createRuntimeStore } from '../createRuntimeStore';
import { summarize } from './summarize';
import { selectEvidenceSummary } from './readModels';

const t1 = turn();

describe('summarize', () => {
  it('lists a reasoning summary as its own entry, not glued to the streamed reasoning', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('reasoning.delta', t1, { delta: 'Think ' }), ev('reasoning.delta', t1, { delta: 'B.' }), ev('reasoning.summary', t1, { summary: 'Summary S' })]);
    expect(summarize(store.getState()).reasoning).toEqual([
      { turnId: 'turn-1', text: 'Think B.' },
      { turnId: 'turn-1', text: 'Summary S' },
    ]);
  });

  it('does not list an empty assistant message for a turn with tools or actions but no text', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('turn.submitted', t1, { text: 'Do it' }),
      ev('turn.started', t1),
      ev('model.requested', t1),
      ev('tool.started', toolIds(1), { toolName: 'a' }),
      ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'ok?' }),
    ]);
    expect(summarize(store.getState()).messages.map((m) => m.messageId)).toEqual(['turn-1:user']);
  });

  it('exposes the review verdict in the summary and the evidence summary', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('evidence.changed', { ...t1, evidenceId: 'ev1' }, { status: 'exported' }), ev('review.verdict', { ...t1, evidenceId: 'ev1' }, { verdict: 'approved' })]);
    expect(summarize(store.getState()).evidence).toEqual([{ evidenceId: 'ev1', status: 'exported', verdict: 'approved' }]);
    expect(selectEvidenceSummary(store.getState()).items[0]).toMatchObject({ evidenceId: 'ev1', verdict: 'approved' });
  });
});
