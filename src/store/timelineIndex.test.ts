import { describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { createRuntimeStore, type RuntimeState } from './createRuntimeStore';

// The timeline's entries are appended without a look-up and indexed by id at the first look-up
// (`TableWriter.appendNew`): every published state must still answer `byId` exactly for its own
// entries, whenever and from whichever state the first look-up comes.

/** Four batches of three tool calls each; every published state kept. */
function session() {
  const ev = eventBuilder();
  const store = createRuntimeStore();
  const states: RuntimeState[] = [];
  store.subscribe((state) => void states.push(state));
  store.getState().ingest([ev('turn.started', turn())]);
  for (let batch = 0; batch < 4; batch++) {
    store.getState().ingest([0, 1, 2].map((i) => ev('tool.started', toolIds(batch * 10 + i), { toolName: 'read_file' })));
  }
  return { ev, store, states };
}

/** What a state says of each id, by id: the entry's own id and the tool it points at, or absent. */
function lookups(state: RuntimeState, ids: readonly string[]): (string | undefined)[] {
  return ids.map((id) => {
    const entry = state.timeline.byId.get(id);
    return entry === undefined ? undefined : `${entry.entryId} ${entry.refId} ${state.timeline.byId.has(id)}`;
  });
}

describe('timeline entries appended without an index entry', () => {
  it('each state finds its own entries by id and none of a later batch, whichever state looks first', () => {
    const { store, states } = session();
    const last = store.getState();
    const all = last.timeline.ids;
    expect(all).toHaveLength(12);
    // The earliest state looks first: the shared index is filled from there.
    const answers = states.map((state) => lookups(state, all));
    for (const [at, state] of states.entries()) {
      const own = state.timeline.ids;
      expect(answers[at]!.filter((answer) => answer !== undefined)).toHaveLength(own.length);
      for (const [i, id] of all.entries()) {
        if (own.includes(id)) expect(answers[at]![i]).toBe(`${id} ${state.timeline.byId.get(id)!.refId} true`);
        else expect(answers[at]![i], `${id} is not in state ${at}`).toBeUndefined();
      }
    }
    expect(last.timeline.byId.get(all[11]!)?.refId).toBe('tc-32');
  });

  it('answers the same when the newest state looks first, and when every state looks before the next batch', () => {
    const first = session();
    const all = first.store.getState().timeline.ids;
    const newestFirst = [...first.states].reverse().map((state) => lookups(state, all)).reverse();

    const ev = eventBuilder();
    const store = createRuntimeStore();
    const eager: (string | undefined)[][] = [];
    store.subscribe((state) => void eager.push(lookups(state, all)));
    store.getState().ingest([ev('turn.started', turn())]);
    for (let batch = 0; batch < 4; batch++) {
      store.getState().ingest([0, 1, 2].map((i) => ev('tool.started', toolIds(batch * 10 + i), { toolName: 'read_file' })));
    }
    expect(newestFirst).toEqual(eager);
    expect(eager.at(-1)!.every((answer) => answer !== undefined)).toBe(true);
  });

  it('a state set back takes new entries in a lineage of its own, found by id, the newer one untouched', () => {
    const { ev, store, states } = session();
    const newer = store.getState();
    // After the turn and two batches: sequences 1-7 applied, the next is 8.
    const back = states[2]!;
    expect(back.timeline.ids).toHaveLength(6);
    store.setState(back, true);
    store.getState().ingest([ev('tool.started', toolIds(99), { toolName: 'write_file' }, 8)]);
    const forked = store.getState();
    const added = forked.timeline.ids.at(-1)!;
    expect(forked.timeline.ids).toHaveLength(back.timeline.ids.length + 1);
    expect(forked.timeline.byId.get(added)?.refId).toBe('tc-99');
    // The newer state's entry at the same position (same generated id) is its own.
    expect(newer.timeline.byId.get(added)?.refId).toBe('tc-20');
    expect(lookups(newer, newer.timeline.ids).every((answer) => answer !== undefined)).toBe(true);
  });
});
