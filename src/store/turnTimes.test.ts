import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonl } from '../protocol/parseJsonl';
import { buildThreadReadModel } from './threadReadModel';
import { createRuntimeStore } from './createRuntimeStore';
import type { JsonObject } from '../protocol/events';

const events = parseJsonl(readFileSync(join(process.cwd(), 'fixtures', 'text-basic.jsonl'), 'utf8')).records.map((r) => r.value as JsonObject);

const turnTimes = (store: ReturnType<typeof createRuntimeStore>) =>
  store.getState().turns.ids.map((id) => {
    const { submittedAt, startedAt, endedAt } = store.getState().turns.byId.get(id)!;
    return { submittedAt, startedAt, endedAt };
  });

describe('a repair carries the turn times the events carried', () => {
  it('a store repaired from a read model that covers the whole turn knows when it started and ended (elapsed has both ends)', () => {
    const uncut = createRuntimeStore();
    uncut.getState().ingest(events);
    const expected = turnTimes(uncut);
    expect(expected[0]!.endedAt).toBeDefined();

    const repaired = createRuntimeStore();
    repaired.getState().ingest(events.slice(0, 2));
    repaired.getState().applyReadModel(buildThreadReadModel(events));
    expect(turnTimes(repaired)).toEqual(expected);
  });

  it('a read model never moves a time the events set, and never ends a running turn', () => {
    const store = createRuntimeStore();
    store.getState().ingest(events.slice(0, 3));
    const before = turnTimes(store)[0]!;
    const turnId = store.getState().turns.ids[0]!;
    store.getState().applyReadModel({ threadId: String(events[0]!.threadId), status: 'running', turns: [{ turnId, status: 'running', startedAt: '2000-01-01T00:00:00.000Z', endedAt: '2000-01-01T00:00:01.000Z' }] });
    const after = turnTimes(store)[0]!;
    expect(after.startedAt).toBe(before.startedAt);
    expect(after.endedAt).toBeUndefined();
  });
});
