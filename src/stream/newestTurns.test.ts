import { describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { findNewestTurns, NewestTurnsIndex } from './newestTurns';

type Event = Record<string, unknown>;

/** `turns` turns, each a prompt, two deltas, a tool call and the end; `extra(t)` adds events to turn t. */
function session(turns: number, extra: (t: number, ev: ReturnType<typeof eventBuilder>) => Event[] = () => [], sessionId?: string): Event[] {
  const ev = eventBuilder(sessionId);
  const events: Event[] = [];
  for (let t = 0; t < turns; t++) {
    const ids = turn(`turn-${t}`);
    events.push(ev('turn.submitted', ids, { text: `question ${t}` }), ev('turn.started', ids), ev('model.delta', ids, { delta: 'a' }));
    events.push(ev('tool.started', toolIds(t, ids.turnId), { toolName: 'read_file' }), ev('tool.result', toolIds(t, ids.turnId), { preview: 'ok' }));
    events.push(...extra(t, ev));
    events.push(ev('model.delta', ids, { delta: 'b' }), ev('turn.completed', ids));
  }
  return events;
}

/** Where turn `t` starts in `events`. */
const startOf = (events: readonly Event[], t: number) => events.findIndex((e) => e.turnId === `turn-${t}`);

describe('findNewestTurns: where a backlog’s newest turns start, when nothing before them reaches into them', () => {
  it('the latest start holding eight turns, and the session the events are of', () => {
    const events = session(40);
    expect(findNewestTurns(events)).toEqual({ start: startOf(events, 32), sessionId: 'sess-unit', threadFacts: [], firstThreadId: 'thread-1', startsMidWay: false });
    expect(findNewestTurns(events, { minTurns: 3 })?.start).toBe(startOf(events, 37));
  });

  it('an entity the tail touches that the history named first pulls the start back before it, or past the share', () => {
    // An artifact made in turn 31 and updated in turn 38: the tail from turn 32 would show it as new.
    const artifact = (t: number, ev: ReturnType<typeof eventBuilder>) =>
      t === 31 || t === 38 ? [ev('artifact.changed', { turnId: `turn-${t}`, artifactId: 'art-1' }, { status: 'ready', versionId: `v${t}` })] : [];
    const events = session(40, artifact);
    expect(findNewestTurns(events)?.start).toBe(startOf(events, 31));
    // Made in turn 2: the tail would be 38 turns of 40, over a quarter of the backlog.
    const early = session(40, (t, ev) => (t === 2 || t === 38 ? artifact(t === 2 ? 31 : 38, ev).map((e) => ({ ...e, turnId: `turn-${t}` })) : []));
    expect(findNewestTurns(early)).toBeUndefined();
    expect(findNewestTurns(early, { maxShare: 1 })?.start).toBe(startOf(early, 2));
  });

  it('reads the ids a payload correlates by: an action answered by payload.actionId, a tool call an action names', () => {
    const answered = session(40, (t, ev) => {
      if (t === 31) return [ev('action.required', { turnId: 'turn-31', actionId: 'act-1' }, { actionType: 'approval', prompt: 'Go?' })];
      if (t === 36) return [ev('action.resolved', { turnId: 'turn-36' }, { actionId: 'act-1', decision: 'approved' })];
      return [];
    });
    expect(findNewestTurns(answered)?.start).toBe(startOf(answered, 31));
    const joined = session(40, (t, ev) => (t === 35 ? [ev('action.required', { turnId: 'turn-35', actionId: 'act-2' }, { toolCallId: 'tc-10', prompt: 'Go?' })] : []));
    expect(findNewestTurns(joined, { maxShare: 1 })?.start).toBe(startOf(joined, 10));
  });

  it('a tail event sent again from the history, or placed before the history’s last sequence, shows nothing first', () => {
    const events = session(40);
    const tail = startOf(events, 32);
    // The history holds a copy of a tail event (the store drops the later one as a duplicate).
    const resent: Event[] = [...events.slice(0, 10), { ...events[tail + 3]! }, ...events.slice(10)].map((e, i) => ({ ...e, sequence: i + 1 }));
    resent[10] = { ...resent[10]!, eventId: events[tail + 3]!.eventId };
    expect(findNewestTurns(resent)).toBeUndefined();
    // A history event numbered past the tail's first: the tail is out of order with it.
    const late = events.map((e, i) => (i === 5 ? { ...e, sequence: 10_000 } : e));
    expect(findNewestTurns(late)).toBeUndefined();
    // Sequences past the safe integers (or Infinity, in an array) count up by one without moving:
    // a history event would be numbered as the tail's (the history is not read for sequences).
    for (const big of [2 ** 53, Infinity]) {
      expect(findNewestTurns(events.map((e) => ({ ...e, sequence: big })))).toBeUndefined();
    }
  });

  it('reads no value back from the end when fewer turns start within the share than a tail holds (one long turn)', () => {
    const readsOf = (events: readonly Event[]) => {
      const index = new NewestTurnsIndex();
      for (const event of events) index.add(event);
      let reads = 0;
      const steps = index.findInSteps((at) => (reads++, events[at]), events.length);
      let step = steps.next();
      while (!step.done) step = steps.next();
      return { found: step.value, reads };
    };
    // One turn of 402 events: nothing to show first, and nothing read to learn it.
    const long = session(1, (_, ev) => Array.from({ length: 400 }, () => ev('model.delta', turn('turn-0'), { delta: 'x' })));
    expect(readsOf(long)).toEqual({ found: undefined, reads: 0 });
    // A long first turn, then seven short ones, all seven within the last quarter: none found, none read.
    const seven = session(8, (t, ev) => (t === 0 ? Array.from({ length: 400 }, () => ev('model.delta', turn('turn-0'), { delta: 'x' })) : []));
    expect(seven.filter((e, i) => i >= Math.ceil(seven.length * 0.75) && e.type === 'turn.submitted').length).toBe(7);
    expect(readsOf(seven)).toEqual({ found: undefined, reads: 0 });
    // Eight or more: the walk back reads the tail and finds it, as before.
    const found = readsOf(session(40));
    expect(found.found?.start).toBe(startOf(session(40), 32));
    expect(found.reads).toBeGreaterThan(0);
  });

  it('pauses in its walk back from the end every few thousand values, not only in its scan of the history', () => {
    // Eight long turns and nothing before them: the walk reads every value back to the first.
    const events = session(8, (t, ev) => Array.from({ length: 1_500 }, () => ev('model.delta', turn(`turn-${t}`), { delta: 'x' })));
    const index = new NewestTurnsIndex();
    for (const event of events) index.add(event);
    let read = 0;
    const readsAtPauses: number[] = [];
    const steps = index.findInSteps((at) => (read++, events[at]), events.length, { maxShare: 1 });
    let step = steps.next();
    for (; !step.done; step = steps.next()) readsAtPauses.push(read);
    expect(step.value?.start).toBe(0);
    expect(read).toBe(events.length);
    // 12,056 values read back: a pause after every 4,096 (no history to scan after it).
    expect(readsAtPauses).toEqual([4_096, 8_192]);
  });

  it('nothing first for a snapshot line, two sessions, or fewer turns than a screen', () => {
    const events = session(40);
    expect(findNewestTurns([...events.slice(0, 5), { threads: [] }, ...events.slice(5)])).toBeUndefined();
    const other = session(1, undefined, 'sess-other');
    expect(findNewestTurns([...other, ...events])).toBeUndefined();
    expect(findNewestTurns(session(7), { maxShare: 1 })).toBeUndefined();
    expect(findNewestTurns(session(8), { maxShare: 1 })).toEqual({ start: 0, sessionId: 'sess-unit', threadFacts: [], firstThreadId: 'thread-1', startsMidWay: false });
    // Garbage between events is no fact and no obstacle.
    expect(findNewestTurns([...events.slice(0, 3), 42, 'x', null, ...events.slice(3)])?.start).toBe(startOf(events, 32) + 3);
  });
});

describe('findNewestTurns: the thread’s own facts', () => {
  it('names where the events stating them before the tail are, and past 64 of them finds nothing', () => {
    const events = session(40);
    const thread = (type: string, at: number) => ({ ...events[at]!, eventId: `x${at}`, type, turnId: undefined, payload: { status: 'active' } });
    const withFacts = [thread('thread.started', 0), ...events.slice(0, 10), thread('thread.updated', 10), ...events.slice(10)].map((e, i) => ({ ...e, sequence: i + 1 }));
    const found = findNewestTurns(withFacts);
    expect(found?.threadFacts).toEqual([0, 11]);
    const many = [...Array.from({ length: 65 }, (_, n) => thread('thread.updated', n)), ...events].map((e, i) => ({ ...e, eventId: `y${i}`, sequence: i + 1 }));
    expect(findNewestTurns(many, { maxShare: 1 })).toBeUndefined();
  });
});
