import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from './createRuntimeStore';
import { summarize } from './selectors/summarize';

const t1 = turn();
const MAX = Number.MAX_SAFE_INTEGER;

/** A read model written from SPEC sections 6-7: turn-1 answered, current through `sequence`. */
function readModel(sequence: number) {
  return {
    threadId: 'thread-1',
    sessionId: 'sess-unit',
    status: 'completed',
    cursor: { sequence },
    turns: [{ turnId: 'turn-1', status: 'completed' }],
    messages: [{ messageId: 'turn-1:assistant', turnId: 'turn-1', role: 'assistant', text: 'Hello', status: 'completed' }],
  };
}

/** The clean stream: sequences 1..5, then a second turn at 6..8. */
function cleanStream() {
  const ev = eventBuilder();
  const t2 = turn('turn-2');
  return [
    ev('turn.submitted', t1, { text: 'hi' }, 1),
    ev('turn.started', t1, {}, 2),
    ev('model.delta', t1, { delta: 'Hello' }, 3),
    ev('model.completed', t1, { text: 'Hello' }, 4),
    ev('turn.completed', t1, {}, 5),
    ev('turn.started', t2, {}, 6),
    ev('model.delta', t2, { delta: 'Again' }, 7),
    ev('turn.completed', t2, {}, 8),
  ];
}

// Found by the fuzz campaign (seed 1, alias-vocabulary stream 7331): a truncated stream whose only
// events carry bogus sequences made the store infer its order far past the runtime's snapshot; the
// repair was refused as `behind` and every clean event after it counted `late`.
describe('a snapshot is authoritative over an order the store only inferred (SPEC section 6)', () => {
  it('a snapshot behind an order inferred from bogus sequences is applied, and the clean events after it apply', () => {
    const clean = cleanStream();
    const store = createRuntimeStore({ reorderWindow: 4 });
    store.getState().ingest([{ ...clean[0]!, sequence: MAX }]);
    store.getState().settle();
    const report = store.getState().applyReadModel(readModel(5));
    expect(report).toMatchObject({ applied: true, cursor: 5 });
    store.getState().ingest(clean);
    store.getState().settle();
    const summary = summarize(store.getState());
    expect(summary.counts).toMatchObject({ late: 0, pending: 0 });
    expect(summary.stale).toBe(false);
    expect(summary.turns).toEqual([
      { turnId: 'turn-1', status: 'completed' },
      { turnId: 'turn-2', status: 'completed' },
    ]);
    expect(summary.messages.filter((m) => m.role === 'assistant').map((m) => m.text)).toEqual(['Hello', 'Again']);
    expect(store.getState().cursor()).toBe(8);
  });

  it('a stream first seen mid-way keeps what it applied past the snapshot cursor: nothing is applied twice, the order goes on', () => {
    const clean = cleanStream();
    const store = createRuntimeStore({ reorderWindow: 4 });
    // Connected mid-way: 3..6 arrive, the order is inferred from 3.
    store.getState().ingest(clean.slice(2, 6));
    store.getState().settle();
    expect(store.getState().cursor()).toBe(6);
    // The runtime's read model is a little older (through 4) than what was applied.
    expect(store.getState().applyReadModel(readModel(4))).toMatchObject({ applied: true });
    store.getState().ingest(clean);
    store.getState().settle();
    const summary = summarize(store.getState());
    expect(summary.counts).toMatchObject({ late: 0, pending: 0, applied: 6 });
    expect(summary.stale).toBe(false);
    expect(summary.messages.filter((m) => m.role === 'assistant').map((m) => m.text)).toEqual(['Hello', 'Again']);
    expect(store.getState().cursor()).toBe(8);
  });

  it('a hole between the snapshot cursor and the first event seen fills from the re-send, and what was applied is not applied again', () => {
    const clean = cleanStream();
    const store = createRuntimeStore({ reorderWindow: 4 });
    // Only 6..7 were seen (order inferred from 6); the snapshot is through 3.
    store.getState().ingest(clean.slice(5, 7));
    store.getState().settle();
    expect(store.getState().applyReadModel({ ...readModel(3), status: 'running', turns: [{ turnId: 'turn-1', status: 'running' }], messages: [] })).toMatchObject({ applied: true });
    store.getState().ingest(clean);
    store.getState().settle();
    const summary = summarize(store.getState());
    expect(summary.counts).toMatchObject({ late: 0, pending: 0 });
    expect(summary.stale).toBe(false);
    // (Facts only: turn-2 was seen before the snapshot named turn-1, so the tables list it first.)
    expect(summary.messages.filter((m) => m.role === 'assistant').map((m) => m.text).sort()).toEqual(['Again', 'Hello']);
    expect(summary.turns.map((t) => t.status)).toEqual(['completed', 'completed']);
    expect(store.getState().cursor()).toBe(8);
  });

  it('a snapshot behind an order anchored at the stream start is still refused as behind', () => {
    const clean = cleanStream();
    const store = createRuntimeStore({ reorderWindow: 4 });
    store.getState().ingest(clean.slice(0, 6));
    expect(store.getState().applyReadModel(readModel(4))).toMatchObject({ applied: false, behind: true });
  });

  it('a snapshot behind an order anchored by an earlier snapshot is still refused as behind', () => {
    const clean = cleanStream();
    const store = createRuntimeStore({ reorderWindow: 4 });
    store.getState().applyReadModel(readModel(5));
    store.getState().ingest(clean.slice(5, 7));
    expect(store.getState().applyReadModel(readModel(4))).toMatchObject({ applied: false, behind: true });
  });

  it('a snapshot never moves a fact the inferred stream applied backwards', () => {
    const clean = cleanStream();
    const store = createRuntimeStore({ reorderWindow: 4 });
    store.getState().ingest(clean.slice(2, 5).map((e, i) => ({ ...e, sequence: 100 + i })));
    store.getState().settle();
    store.getState().applyReadModel({ ...readModel(2), status: 'running', turns: [{ turnId: 'turn-1', status: 'running' }], messages: [] });
    expect(summarize(store.getState()).turns).toEqual([{ turnId: 'turn-1', status: 'completed' }]);
  });
});
