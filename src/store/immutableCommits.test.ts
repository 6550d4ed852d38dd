import { describe, expect, it } from 'vitest';
import { parseJsonl } from '../protocol/parseJsonl';
import { fixtureNames, readFixture, readJson, FIXTURES } from '../../test/referenceData';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { createRuntimeStore, type RuntimeState } from './createRuntimeStore';
import { TABLE_NAMES } from './state';
import { join } from 'node:path';

/** Everything a subscriber can read from a published state, as text. */
function fingerprint(state: RuntimeState): string {
  const tables = TABLE_NAMES.map((name) => {
    const table = state[name];
    return [name, table.ids.length, table.ids.join(','), JSON.stringify([...table.byId.entries()])];
  });
  return JSON.stringify([tables, state.session, state.queue, state.routing, state.costLimits, state.permissions, state.counts, [...state.responding]]);
}

/** Feeds the events in small batches and checks that no published state changes afterwards. */
function expectImmutableHistory(events: unknown[], batch: number, snapshotAt?: { index: number; snapshot: unknown }): void {
  const store = createRuntimeStore();
  const published: { state: RuntimeState; print: string }[] = [{ state: store.getState(), print: fingerprint(store.getState()) }];
  const idsLengths: { prev: RuntimeState; lengths: number[] }[] = [];
  store.subscribe((state, prev) => {
    published.push({ state, print: fingerprint(state) });
    idsLengths.push({ prev, lengths: TABLE_NAMES.map((name) => prev[name].ids.length) });
  });
  for (let i = 0; i < events.length; i += batch) {
    store.getState().ingest(events.slice(i, i + batch));
    if (snapshotAt && snapshotAt.index >= i && snapshotAt.index < i + batch) store.getState().applyReadModel(snapshotAt.snapshot);
  }
  store.getState().settle();
  expect(published.length).toBeGreaterThan(2);
  for (const [i, { state, print }] of published.entries()) expect(fingerprint(state), `published state #${i}`).toBe(print);
  for (const { prev, lengths } of idsLengths) expect(TABLE_NAMES.map((name) => prev[name].ids.length)).toEqual(lengths);
}

describe('immutable commits (zustand contract)', () => {
  for (const name of fixtureNames()) {
    it(`no published state changes after it was published: ${name}`, () => {
      const events = parseJsonl(readFixture(name)).records.map((r) => r.value);
      const snapshotPath = join(FIXTURES, `${name}.snapshot.json`);
      const snapshot = name === 'stream-repair' ? { index: events.length - 1, snapshot: readJson(snapshotPath) } : undefined;
      expectImmutableHistory(events, 3, snapshot);
    });
  }

  it('a batch gives new objects for what it touched and keeps the rest', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', turn()), ev('model.delta', turn(), { delta: 'a' })]);
    const before = store.getState();
    const beforeIds = before.messages.ids;
    const beforeParts = before.messages.byId.get('turn-1:assistant')!.partIds;
    store.getState().ingest([ev('tool.started', toolIds(1), { toolName: 'x' })]);
    const after = store.getState();
    expect(after.messages.byId.get('turn-1:assistant')!.partIds).not.toBe(beforeParts);
    expect(beforeParts).toHaveLength(1);
    expect(after.messages.byId.get('turn-1:assistant')!.partIds).toHaveLength(2);
    expect(after.turns).not.toBe(before.turns);
    expect(after.threads).toBe(before.threads);
    expect(before.messages.ids).toBe(beforeIds);
    expect(after.toolCalls.ids).toEqual(['tc-1']);
    expect(before.toolCalls.ids).toEqual([]);
  });

  it('a removed part disappears from the new state only', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('model.delta', turn(), { delta: 'a' }), ev('tool.started', toolIds(1), { toolName: 'x' }), ev('model.delta', turn(), { delta: 'b' })]);
    const before = store.getState();
    expect(before.parts.byId.size).toBe(3);
    store.getState().ingest([ev('model.completed', turn(), { text: 'different' })]);
    expect(before.parts.byId.size).toBe(3);
    expect(before.parts.ids).toHaveLength(3);
    expect(store.getState().parts.byId.size).toBe(2);
    expect(store.getState().parts.ids).toHaveLength(2);
  });

  it('ids keep their object while only records change, and change when an id is added', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', turn()), ev('model.delta', turn(), { delta: 'a' })]);
    const ids = store.getState().messages.ids;
    store.getState().ingest([ev('model.delta', turn(), { delta: 'b' }), ev('model.completed', turn(), { text: 'ab' })]);
    expect(store.getState().messages.ids).toBe(ids);
    store.getState().ingest([ev('turn.submitted', turn('turn-2'), { text: 'next' })]);
    expect(store.getState().messages.ids).not.toBe(ids);
    expect(store.getState().messages.ids).toEqual(['turn-1:assistant', 'turn-2:user']);
  });
});
