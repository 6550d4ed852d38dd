import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from './createRuntimeStore';
import { summarize } from './selectors/summarize';
import { selectMessageText } from './selectors/text';

const t1 = turn();
const facts = (store: ReturnType<typeof createRuntimeStore>) => {
  const { counts: _c, diagnostics: _d, ...rest } = summarize(store.getState());
  return rest;
};
const codes = (store: ReturnType<typeof createRuntimeStore>) => [...store.getState().diagnostics.byId.values()].map((d) => d.code);

function primaryStream() {
  const ev = eventBuilder('sess-a');
  return [ev('turn.submitted', t1, { text: 'hi' }), ev('turn.started', t1), ev('model.delta', t1, { delta: 'Hello' }), ev('model.completed', t1, { text: 'Hello' }), ev('turn.completed', t1)];
}

function otherStream() {
  const ev = eventBuilder('sess-b');
  // turn-x submitted, then a gap: sequence 2 never comes.
  return [ev('turn.submitted', turn('turn-x'), { text: 'other' }, 1), ...[5, 6, 7, 8].map((n) => ev('model.delta', turn('turn-x'), { delta: `${n}` }, n))];
}

describe('a store follows one session (bug 20)', () => {
  it('events of another session never change the facts; they are reported once as foreign_session', () => {
    const alone = createRuntimeStore({ reorderWindow: 2 });
    alone.getState().ingest(primaryStream());
    alone.getState().settle();
    const mixed = createRuntimeStore({ reorderWindow: 2 });
    const a = primaryStream();
    const b = otherStream();
    mixed.getState().ingest([a[0], b[0], a[1], b[1], b[2], a[2], b[3], b[4], a[3], a[4]]);
    mixed.getState().settle();
    expect(facts(mixed)).toEqual(facts(alone));
    expect(summarize(mixed.getState())).toMatchObject({ status: 'completed', stale: false, sessionId: 'sess-a' });
    expect(codes(mixed).filter((c) => c === 'foreign_session')).toHaveLength(1);
    expect(mixed.getState().counts.invalid).toBe(5);
  });

  it("the followed session's gap makes it stale; another session's events neither clear nor set it", () => {
    const ev = eventBuilder('sess-a');
    const store = createRuntimeStore({ reorderWindow: 2 });
    store.getState().ingest([ev('turn.started', t1, {}, 1), ...[4, 5, 6].map((n) => ev('model.delta', t1, { delta: `${n}` }, n))]);
    expect(store.getState().session).toMatchObject({ stale: true, staleReason: 'sequence_gap' });
    const other = eventBuilder('sess-b');
    store.getState().ingest([1, 2, 3].map((n) => other('model.delta', t1, { delta: 'x' }, n)));
    expect(store.getState().session).toMatchObject({ stale: true, staleReason: 'sequence_gap' });
    expect(store.getState().cursor('sess-b')).toBeUndefined();
    expect(store.getState().cursor('sess-a')).toBe(1);
  });

  it('a store created for a session follows it from the first event: the other session is the foreign one', () => {
    const store = createRuntimeStore({ sessionId: 'sess-b', reorderWindow: 2 });
    store.getState().ingest([...primaryStream(), ...otherStream()]);
    store.getState().settle();
    const summary = summarize(store.getState());
    expect(summary.sessionId).toBe('sess-b');
    expect(summary.turns).toEqual([{ turnId: 'turn-x', status: 'submitted' }]);
    expect(summary.stale).toBe(true); // its own gap (2-4 never came)
    expect(summary.messages.map((m) => m.text)).toEqual(['other']);
  });

  it("a snapshot of another session is not applied", () => {
    const store = createRuntimeStore();
    store.getState().ingest(primaryStream());
    const report = store.getState().applyReadModel({ sessionId: 'sess-b', threadId: 'thread-1', turns: [{ turnId: 'turn-x', status: 'running' }] });
    expect(report.applied).toBe(false);
    expect(summarize(store.getState()).turns.map((t) => t.turnId)).toEqual(['turn-1']);
    expect(codes(store)).toContain('foreign_session');
  });
});

describe('a read model without sessionId anchors its cursor before any live event (bug 21)', () => {
  it('live events the cursor covers are not applied again', () => {
    const ev = eventBuilder('sess-a');
    const events = [ev('turn.started', t1), ev('model.delta', t1, { delta: 'Hello ' }), ev('model.delta', t1, { delta: 'world' }), ev('model.completed', t1, { text: 'Hello world' })];
    const store = createRuntimeStore();
    // Valid per the snapshot schema: only threadId and status are required.
    store.getState().applyReadModel({ threadId: 'thread-1', status: 'running', turns: [{ turnId: 'turn-1', status: 'running' }], messages: [{ messageId: 'turn-1:assistant', turnId: 'turn-1', role: 'assistant', text: 'Hello ', status: 'streaming' }], cursor: 2 });
    const midway = store.getState().ingest(events.slice(0, 3));
    expect(midway.counts.duplicates).toBe(2);
    let state = store.getState();
    expect(selectMessageText(state, state.messages.byId.get('turn-1:assistant')!)).toBe('Hello world');
    store.getState().ingest(events.slice(3));
    state = store.getState();
    expect(selectMessageText(state, state.messages.byId.get('turn-1:assistant')!)).toBe('Hello world');
    expect(codes(store)).not.toContain('stream_starts_mid_way');
    expect(codes(store)).not.toContain('final_text_mismatch');
    expect(store.getState().cursor()).toBe(4);
  });
});

describe('an event without a usable eventId (issue 13 item 8)', () => {
  it('applying it twice equals once: diagnosed once per content, counted once', () => {
    const ev = eventBuilder('sess-a');
    const { eventId: _drop, ...noId } = ev('model.delta', t1, { delta: 'x' }, 1);
    const numericId = { ...ev('model.delta', t1, { delta: 'y' }, 2), eventId: 7 };
    const once = createRuntimeStore();
    once.getState().ingest([noId, numericId]);
    const twice = createRuntimeStore();
    twice.getState().ingest([noId, numericId]);
    twice.getState().ingest([{ ...noId }, { ...numericId }]);
    expect(codes(twice)).toEqual(codes(once));
    const { received: _r1, duplicates: _d1, ...onceCounts } = once.getState().counts;
    const { received: _r2, duplicates: d2, ...twiceCounts } = twice.getState().counts;
    expect(twiceCounts).toEqual(onceCounts);
    expect(d2).toBe(2);
  });

  it('never claims a sequence slot: no false sequence_conflict, and the real event at that sequence applies', () => {
    const ev = eventBuilder('sess-a');
    const real = [ev('turn.started', t1, {}, 1), ev('model.delta', t1, { delta: 'a' }, 2), ev('model.delta', t1, { delta: 'b' }, 3)];
    const { eventId: _drop, ...bogus } = { ...real[2]!, payload: { delta: 'BOGUS' } };
    const store = createRuntimeStore();
    store.getState().ingest([real[0], bogus, bogus, real[2], real[1]]);
    expect(codes(store)).not.toContain('sequence_conflict');
    const state = store.getState();
    expect(selectMessageText(state, state.messages.byId.get('turn-1:assistant')!)).toBe('ab');
  });
});
