import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from './createRuntimeStore';
import { summarize } from './selectors/summarize';

const t1 = turn();

function stream() {
  const ev = eventBuilder();
  return [
    ev('turn.submitted', t1, { text: 'hi' }, 1),
    ev('turn.started', t1, {}, 2),
    ev('model.delta', t1, { delta: 'Hel' }, 3),
    ev('model.delta', t1, { delta: 'lo' }, 4),
    ev('model.delta', t1, { delta: ', world' }, 5),
    ev('model.completed', t1, { text: 'Hello, world' }, 6),
    ev('turn.completed', t1, {}, 7),
  ];
}

/** A store's data without its actions (which are bound to the store that made them). */
const dataOf = (state: object) => Object.fromEntries(Object.entries(state).filter(([, value]) => typeof value !== 'function'));

const facts = (state: Parameters<typeof summarize>[0]) => {
  const { counts: _counts, ...rest } = summarize(state);
  return rest;
};

// Issue 22: the dedupe and order state lives in the store state, so the projection is restorable.
describe('the projection is restorable', () => {
  it('after setState(prev), the events applied since are applied again, exactly as the first time', () => {
    const events = stream();
    const store = createRuntimeStore();
    store.getState().ingest(events.slice(0, 4));
    const prev = store.getState();
    const report = store.getState().ingest(events.slice(4));
    const after = facts(store.getState());
    store.setState(prev, true);
    const again = store.getState().ingest(events.slice(4));
    expect(again.counts).toEqual(report.counts);
    expect(facts(store.getState())).toEqual(after);
  });

  it('a state copied into a fresh store goes on from its order: a waiting event applies when its gap fills, no settle needed', () => {
    const events = stream();
    const first = createRuntimeStore();
    first.getState().ingest([...events.slice(0, 3), events[4]!]); // 4 is missing: 5 waits
    expect(first.getState().counts.pending).toBe(1);
    const second = createRuntimeStore();
    second.setState(dataOf(first.getState()));
    const report = second.getState().ingest([events[3]!]);
    expect(report.counts).toMatchObject({ applied: 2, reordered: 1, pending: 0 });
    first.getState().ingest([events[3]!]);
    expect(facts(second.getState())).toEqual(facts(first.getState()));
    expect(second.getState().cursor()).toBe(5);
  });

  it('a copied state remembers what it applied: a re-send is a duplicate', () => {
    const events = stream();
    const first = createRuntimeStore();
    first.getState().ingest(events);
    const second = createRuntimeStore();
    second.setState(dataOf(first.getState()));
    const report = second.getState().ingest(events);
    expect(report.counts).toMatchObject({ duplicates: events.length, applied: 0, late: 0 });
    expect(second.getState().session.stale).toBe(false);
  });

  it('the two stores then go their own ways: one store\'s events do not change the other\'s order', () => {
    const events = stream();
    const first = createRuntimeStore();
    first.getState().ingest(events.slice(0, 3));
    const second = createRuntimeStore();
    second.setState(dataOf(first.getState()));
    second.getState().ingest(events.slice(3));
    const report = first.getState().ingest(events.slice(3));
    expect(report.counts).toMatchObject({ applied: 4, duplicates: 0 });
    expect(facts(first.getState())).toEqual(facts(second.getState()));
  });
});
