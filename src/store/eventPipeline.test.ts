import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import type { ApplyContext } from './apply/context';
import { ProjectionDraft } from './draft';
import { EventPipeline } from './eventPipeline';
import { createProjectionData, emptyCounts } from './state';

const t1 = turn();

function harness(window: number) {
  const pipeline = new EventPipeline(window);
  const data = createProjectionData();
  const counts = emptyCounts();
  const ingest = (events: unknown[]) => {
    const ctx: ApplyContext = { draft: new ProjectionDraft(data), options: { previewBudget: 2_000 }, gate: pipeline };
    pipeline.ingest(ctx, counts, events, undefined);
    Object.assign(data, ctx.draft.commit());
  };
  return { pipeline, counts, ingest, data };
}

describe('seen event ids are bounded (bug 4)', () => {
  it('ids well below the applied cursor are forgotten; their re-send still counts as a duplicate, not late', () => {
    const ev = eventBuilder();
    const { pipeline, counts, ingest, data } = harness(4);
    const events = Array.from({ length: 5_000 }, () => ev('model.delta', t1, { delta: '.' }));
    for (let i = 0; i < events.length; i += 100) ingest(events.slice(i, i + 100));
    expect(counts.applied).toBe(5_000);
    expect(pipeline.rememberedEventIds()).toBeLessThan(1_100);
    ingest(events);
    expect(counts).toMatchObject({ applied: 5_000, duplicates: 5_000, late: 0 });
    expect(data.session.stale).toBe(false);
  });

  it('a stream of 64-event batches never holds more than 1,024 ids (a V8 Map doubles past a power of two)', () => {
    const ev = eventBuilder();
    const { pipeline, counts, ingest } = harness(64);
    const events = Array.from({ length: 10_000 }, () => ev('model.delta', t1, { delta: '.' }));
    let most = 0;
    for (let i = 0; i < events.length; i += 64) {
      ingest(events.slice(i, i + 64));
      most = Math.max(most, pipeline.rememberedEventIds());
    }
    expect(counts.applied).toBe(10_000);
    // What a batch starts with, plus its own 64 ids, fits a table of 1,024.
    expect(most + 64).toBeLessThanOrEqual(1_024);
    expect(most).toBeGreaterThan(512);
  });

  it('a different event at a recently applied sequence is still late', () => {
    const ev = eventBuilder();
    const { counts, ingest, data } = harness(4);
    ingest([ev('turn.started', t1, {}, 1), ev('model.delta', t1, { delta: 'a' }, 2)]);
    ingest([ev('model.delta', t1, { delta: 'b' }, 1)]);
    expect(counts.late).toBe(1);
    expect(data.session.staleReason).toBe('late_event');
  });
});

describe('found by the fuzz campaign', () => {
  it('an invalid event re-sent after its id was forgotten is a duplicate, not diagnosed again', () => {
    const ev = eventBuilder();
    const { counts, ingest, data } = harness(4);
    const bad = ev('tool.started', t1, {}); // no toolCallId: kept out of the facts, holds its place
    const events = [bad, ...Array.from({ length: 1_100 }, () => ev('model.delta', t1, { delta: '.' }))];
    ingest(events);
    const diagnostics = data.diagnostics.ids.length;
    ingest(events);
    expect(data.diagnostics.ids.length).toBe(diagnostics);
    expect(counts.invalid).toBe(1);
  });

  it('an eventId reused at a later sequence stays a duplicate but holds its place: the order never stalls, and twice equals once', () => {
    const ev = eventBuilder();
    const { counts, ingest, data } = harness(4);
    const first = ev('turn.started', t1);
    const reused = { ...ev('model.delta', t1, { delta: 'lost' }), eventId: first.eventId };
    const after = [1, 2, 3, 4, 5, 6].map(() => ev('model.delta', t1, { delta: 'x' }));
    ingest([first, reused, ...after]);
    expect(data.session.stale).toBe(false);
    expect(counts.pending).toBe(0);
    const codes = data.diagnostics.ids.map((id) => data.diagnostics.byId.get(id)!.code);
    expect(codes).toEqual(['duplicate_event_id']);
    const applied = counts.applied;
    ingest([first, reused, ...after]);
    expect(data.diagnostics.ids.length).toBe(1);
    expect(counts.applied).toBe(applied);
  });
});
