import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from './createRuntimeStore';
import { summarize } from './selectors/summarize';

const t1 = turn();

function realStream() {
  const ev = eventBuilder('sess-a');
  return [ev('turn.submitted', t1, { text: 'hi' }), ev('turn.started', t1), ev('model.delta', t1, { delta: 'Hello' }), ev('model.completed', t1, { text: 'Hello' }), ev('turn.completed', t1)];
}

// Found by the fuzz campaign (seed 1, alias-vocabulary stream 7331): a corrupt first event named
// the session the store followed, and the real session's events and repair were then refused.
describe('only a valid event chooses the session a store follows', () => {
  it('an invalid first event of another session does not capture the store', () => {
    const [first, ...rest] = realStream();
    const corrupt = { ...first!, eventId: 'corrupt-1', sessionId: 'constructor', timestamp: 'not a time' };
    const store = createRuntimeStore();
    store.getState().ingest([corrupt, first!, ...rest]);
    const summary = summarize(store.getState());
    expect(summary.sessionId).toBe('sess-a');
    // The corrupt event held no place in sess-a's order, so the real first event (the prompt) applies.
    expect(summary.messages.map((m) => m.text)).toEqual(['hi', 'Hello']);
    expect(summary.counts).toMatchObject({ late: 0, invalid: 1 });
    expect(summary.turns).toEqual([{ turnId: 'turn-1', status: 'completed' }]);
    expect(summary.diagnostics.map((d) => d.code)).not.toContain('foreign_session');
  });

  it('the same stream applied twice equals once', () => {
    const [first, ...rest] = realStream();
    const corrupt = { ...first!, eventId: 'corrupt-1', sessionId: 'constructor', timestamp: 'not a time' };
    const once = createRuntimeStore();
    once.getState().ingest([corrupt, first!, ...rest]);
    const twice = createRuntimeStore();
    twice.getState().ingest([corrupt, first!, ...rest]);
    twice.getState().ingest([corrupt, first!, ...rest]);
    const strip = (s: ReturnType<typeof summarize>) => ({ ...s, counts: undefined });
    expect(strip(summarize(twice.getState()))).toEqual(strip(summarize(once.getState())));
  });
});
