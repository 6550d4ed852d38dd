// The inspector's machinery without React: the log records what the store takes and changes none
// of it, a scratch replay reaches any position without touching the live store, one event's
// effect is named record by record, and a saved fixture replays to the live facts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureEvents } from '../../../test/componentHarness';
import { createRuntimeStore, type RuntimeStore } from '../../store/createRuntimeStore';
import { summarize } from '../../store/selectors/summarize';
import { replayText } from '../../stream/replayText';
import { fixtureText } from './fixtureText';
import { operationLogOf } from './operationLog';
import { ScratchReplay } from './scratchReplay';
import { storeChanges } from './storeChanges';

/** The same calls, on a logged store and on a plain one. */
function feed(store: RuntimeStore, events: unknown[]): void {
  store.getState().ingest(events.slice(0, 5));
  store.getState().ingest(events.slice(5), { lines: events.slice(5).map((_, i) => i + 6) });
  store.getState().settle();
}

describe('operationLogOf', () => {
  it('records every call in order, one entry per event, and leaves the facts as an unlogged store has them', () => {
    const events = fixtureEvents('tool-success');
    const logged = createRuntimeStore();
    const log = operationLogOf(logged);
    expect(operationLogOf(logged)).toBe(log);
    feed(logged, events);
    const plain = createRuntimeStore();
    feed(plain, events);
    expect(summarize(logged.getState())).toEqual(summarize(plain.getState()));
    expect(log.entries.map((e) => e.kind)).toEqual([...events.map(() => 'event'), 'settle']);
    expect(log.entries.slice(0, 6).map((e) => e.batch)).toEqual([1, 1, 1, 1, 1, 2]);
    expect(log.entries[5]).toMatchObject({ kind: 'event', line: 6 });
    expect(log.missedBefore).toBe(0);
    expect(log.version()).toBe(3);
  });

  it('says how many events the store took before it attached', () => {
    const store = createRuntimeStore();
    store.getState().ingest(fixtureEvents('text-basic').slice(0, 3));
    expect(operationLogOf(store).missedBefore).toBe(3);
  });
});

describe('ScratchReplay', () => {
  it('reaches any position, forward or back, with the facts a fresh store has there, and never touches the live store', () => {
    const events = fixtureEvents('hitl-action');
    const live = createRuntimeStore();
    const log = operationLogOf(live);
    live.getState().ingest(events);
    const liveState = live.getState();
    const replay = new ScratchReplay(log.entries);
    for (const position of [events.length, 4, 9, 2]) {
      const fresh = createRuntimeStore();
      fresh.getState().ingest(events.slice(0, position));
      expect(summarize(replay.moveTo(position).getState())).toEqual(summarize(fresh.getState()));
    }
    expect(live.getState()).toBe(liveState);
    expect(log.entries).toHaveLength(events.length);
  });
});

describe('storeChanges', () => {
  it('names what one event added and changed, and nothing for a re-sent one', () => {
    const events = fixtureEvents('tool-success') as { type: string }[];
    const store = createRuntimeStore();
    const started = events.findIndex((e) => e.type === 'tool.started');
    const result = events.findIndex((e) => e.type === 'tool.result');
    store.getState().ingest(events.slice(0, started));
    const step = (event: unknown) => {
      const before = store.getState();
      store.getState().ingest([event]);
      return storeChanges(before, store.getState());
    };
    expect(step(events[started])).toContainEqual({ kind: 'added', table: 'toolCalls', id: 'tc-1' });
    store.getState().ingest(events.slice(started + 1, result));
    const finished = step(events[result]);
    const tool = finished.find((c) => c.kind === 'changed' && c.table === 'toolCalls');
    expect(tool).toMatchObject({ id: 'tc-1' });
    expect(tool!.kind === 'changed' && tool!.fields.find((f) => f.field === 'status')).toEqual({ field: 'status', before: 'running', after: 'succeeded' });
    const again = step(events[result]);
    expect(again).toEqual([{ kind: 'scalar', name: 'counts', fields: [{ field: 'received', before: result + 1, after: result + 2 }, { field: 'duplicates', before: 0, after: 1 }] }]);
  });
});

describe('fixtureText', () => {
  it('saves the log as JSONL that replays to the live facts, secrets redacted, snapshots kept as lines', () => {
    const events = fixtureEvents('stream-repair');
    const live = createRuntimeStore();
    const log = operationLogOf(live);
    live.getState().ingest(events);
    live.getState().applyReadModel(JSON.parse(readFileSync(join(__dirname, '../../../fixtures/stream-repair.snapshot.json'), 'utf8')));
    live.getState().ingest([{ ...(events[0] as object), eventId: 'x-secret', sequence: 15, type: 'runtime.warning', payload: { message: 'retrying', apiKey: 'k-123' } }]);
    live.getState().settle();
    expect(summarize(live.getState()).stale).toBe(false);
    const saved = fixtureText(log.entries);
    expect(saved.lines).toBe(events.length + 2);
    expect(saved.left).toBe(1); // the settle call: a recording's end settles anyway
    expect(saved.redactions).toBe(1);
    expect(saved.text).not.toContain('k-123');
    const replayed = summarize(replayText(saved.text).store.getState());
    expect(replayed.turns).toEqual(summarize(live.getState()).turns);
    expect(replayed.messages).toEqual(summarize(live.getState()).messages);
    expect(replayed.stale).toBe(false);
  });
});
