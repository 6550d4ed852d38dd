import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from './createRuntimeStore';
import { summarize } from './selectors/summarize';

const t1 = turn();

/** A long valid stream (enough ids for the seen-id table to prune) of session sess-unit. */
function longStream(length: number) {
  const ev = eventBuilder();
  return [ev('turn.started', t1, {}, 1), ...Array.from({ length }, (_, i) => ev('model.delta', t1, { delta: '.' }, i + 2))];
}

function applyOnceAndTwice(events: unknown[]) {
  const store = createRuntimeStore({ reorderWindow: 16 });
  store.getState().ingest(events);
  store.getState().settle();
  const once = summarize(store.getState());
  store.getState().ingest(events);
  store.getState().settle();
  return { once, twice: summarize(store.getState()) };
}

const kept = (summary: ReturnType<typeof summarize>) => {
  const { received: _r, duplicates: _d, ...rest } = summary.counts;
  return { ...rest, diagnostics: summary.diagnostics.length };
};

// Found by the fuzz campaign (seed 1, coding-session stream 9061): an event of our session was
// corrupt; a copy of it naming another session (same eventId) counted as its duplicate. Once the
// id was forgotten (far below the cursor), the second pass judged the copy afresh as another
// session's event: one more `invalid` than the first pass.
describe('event ids deduplicate within a session: apply twice equals once', () => {
  it('a copy of a corrupt event naming another session is kept out the same way both times', () => {
    const events: Record<string, unknown>[] = longStream(1_500);
    const corrupt = { ...events[50]!, turnId: Number.MAX_SAFE_INTEGER };
    events[50] = corrupt;
    events.push({ ...corrupt, sessionId: 'hasOwnProperty' });
    const { once, twice } = applyOnceAndTwice(events);
    expect(once.counts.invalid).toBe(2);
    expect(kept(twice)).toEqual(kept(once));
  });

  it('an event of another session seen before the store knew its session takes no place in its order', () => {
    const events: Record<string, unknown>[] = longStream(1_500);
    const foreign = { ...events[2]!, eventId: 'other-3', sessionId: 'other', turnId: 7 };
    const { once, twice } = applyOnceAndTwice([foreign, ...events]);
    expect(once.sessionId).toBe('sess-unit');
    expect(once.counts).toMatchObject({ applied: 1_501, late: 0, invalid: 1, pending: 0 });
    expect(once.stale).toBe(false);
    expect(kept(twice)).toEqual(kept(once));
  });

  it('an event of our session seen before the store knew it still holds its place', () => {
    const events: Record<string, unknown>[] = longStream(40);
    const corrupt = { ...events[2]!, turnId: 7 };
    const { once, twice } = applyOnceAndTwice([corrupt, ...events.slice(0, 2), ...events.slice(3)]);
    expect(once.counts).toMatchObject({ applied: 40, late: 0, invalid: 1, pending: 0 });
    expect(once.stale).toBe(false);
    expect(kept(twice)).toEqual(kept(once));
  });
});

/** Drops the event's id: an event without a usable id is deduplicated by a key of its content. */
const withoutId = ({ eventId: _dropped, ...rest }: Record<string, unknown>) => rest;

// Found by the fuzz campaign (issue 13 item 8; seed 2 subagent-handoff stream 35, seed 1
// degraded-facts streams 46 and 104, seed 2 task-retry stream 52, seed 3 alias-vocabulary stream
// 114): a bad event seen before the store knew its session was remembered without its session. On
// the second pass the store knew it, judged the re-send afresh as another session's event and
// counted one more `invalid` (with a `foreign_session` diagnostic the first pass never raised).
describe('an event the store could not place before it knew its session: apply twice equals once', () => {
  it('an event of another session without an eventId, then our first valid event', () => {
    const ours = eventBuilder();
    const other = eventBuilder('sess-other');
    const events = [withoutId(other('tool.started', { ...t1, stepId: 'st', toolCallId: 'tc' }, { toolName: 'read_file' }, 3)), ours('turn.started', t1, {}, 1)];
    const { once, twice } = applyOnceAndTwice(events);
    expect(once.sessionId).toBe('sess-unit');
    expect(once.counts).toMatchObject({ applied: 1, invalid: 1, pending: 0 });
    expect(kept(twice)).toEqual(kept(once));
  });

  it('an event of our session without an eventId, then another session binds the store', () => {
    const ours = eventBuilder();
    const other = eventBuilder('sess-other');
    const events = [withoutId(ours('turn.started', t1, {}, 2)), other('run.status', t1, { stage: 'streaming' }, 8)];
    const { once, twice } = applyOnceAndTwice(events);
    expect(once.sessionId).toBe('sess-other');
    expect(once.counts).toMatchObject({ invalid: 1 });
    expect(kept(twice)).toEqual(kept(once));
  });

  it('an unknown type with an id but no sequence, then another session binds the store', () => {
    const ours = eventBuilder();
    const other = eventBuilder('sess-other');
    const { sequence: _none, ...unplaced } = ours('made.up', t1, {}, 1);
    const events = [unplaced, other('model.completed', t1, { text: 'Done.' }, 17)];
    const { once, twice } = applyOnceAndTwice(events);
    expect(once.sessionId).toBe('sess-other');
    expect(once.counts).toMatchObject({ invalid: 1 });
    expect(kept(twice)).toEqual(kept(once));
  });
});
