import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from './createRuntimeStore';
import { summarize } from './selectors/summarize';

/**
 * Ids are forgotten a reorder window below the applied cursor (bounded memory), pruned at the end of
 * an ingest batch once the table is large. Whether an id reused by a later event is a duplicate
 * must not depend on where the batches fell (a live stream's reads, a backlog's slices): found by
 * an adversarial pass over openBacklog, where an id reused 210 events later was applied with large
 * slices and kept as a duplicate with small ones.
 */
describe('an event id reused after the reorder window: the same facts however the stream is batched', () => {
  const WINDOW = 64;
  /** 1,600 events of 200 turns; event `to` takes the id of event `from` (a different event, its own sequence). */
  function reused(from: number, to: number): unknown[] {
    const ev = eventBuilder();
    const events: Record<string, unknown>[] = [];
    for (let t = 0; events.length < 1_600; t++) {
      const ids = turn(`turn-${t}`);
      events.push(ev('turn.started', ids, {}, events.length + 1));
      for (let k = 0; k < 6; k++) events.push(ev('model.delta', ids, { delta: `${t}.${k} ` }, events.length + 1));
      events.push(ev('turn.completed', ids, {}, events.length + 1));
    }
    events[to] = { ...events[to]!, eventId: events[from]!.eventId };
    return events;
  }

  function facts(events: readonly unknown[], batch: number) {
    const store = createRuntimeStore({ reorderWindow: WINDOW });
    for (let i = 0; i < events.length; i += batch) store.getState().ingest(events.slice(i, i + batch));
    store.getState().settle();
    const summary = summarize(store.getState());
    return { counts: summary.counts, diagnostics: summary.diagnostics.map((d) => d.code), text: summary.messages };
  }

  it.each([10, WINDOW - 1, WINDOW, WINDOW + 1, 210, 1_200])('reused %i events later', (distance) => {
    const events = reused(900, 900 + distance);
    const whole = facts(events, events.length);
    for (const batch of [1, 7, 64, 256]) expect(facts(events, batch), `batches of ${batch}`).toEqual(whole);
    // Within the window the reuse is reported and kept out; past it the id is forgotten and the event applies.
    expect(whole.diagnostics.includes('duplicate_event_id')).toBe(distance <= WINDOW);
  });
});
