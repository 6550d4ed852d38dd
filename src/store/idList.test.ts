import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdList } from './idList';
import { createRuntimeStore } from './createRuntimeStore';

describe('IdList versions', () => {
  it('an older version keeps its ids when a newer one is appended to', () => {
    const one = IdList.EMPTY.append('a');
    const two = one.append('b');
    const three = two.append('c');
    expect(one.toArray()).toEqual(['a']);
    expect(two.toArray()).toEqual(['a', 'b']);
    expect(three.toArray()).toEqual(['a', 'b', 'c']);
    expect(one.length).toBe(1);
    expect(one.at(1)).toBeUndefined();
    expect(two.toArray().includes('c')).toBe(false);
  });

  it('an older version built on again has its own ids, and the newer versions keep theirs', () => {
    const base = IdList.of(['a', 'b']);
    const left = base.append('left');
    const right = base.append('right');
    const leftMore = left.append('left-2');
    expect(left.toArray()).toEqual(['a', 'b', 'left']);
    expect(right.toArray()).toEqual(['a', 'b', 'right']);
    expect(leftMore.toArray()).toEqual(['a', 'b', 'left', 'left-2']);
    expect(right.append('right-2').toArray()).toEqual(['a', 'b', 'right', 'right-2']);
    expect(base.toArray()).toEqual(['a', 'b']);
  });

  it('the empty list stays empty and holds no ids of the lists grown from it', () => {
    const a = IdList.EMPTY.append('a');
    const b = IdList.EMPTY.append('b');
    expect(a.toArray()).toEqual(['a']);
    expect(b.toArray()).toEqual(['b']);
    expect(IdList.EMPTY.length).toBe(0);
    expect(IdList.EMPTY.toArray()).toEqual([]);
    expect(IdList.of([])).toBe(IdList.EMPTY);
  });

  it('reads as an array: at (negative from the end), toArray once per version, JSON', () => {
    const list = IdList.of(['a', 'b', 'c']);
    expect(list.at(-1)).toBe('c');
    expect(list.at(-4)).toBeUndefined();
    expect(list.at(-1)).toBe('c');
    expect(IdList.EMPTY.at(-1)).toBeUndefined();
    expect(list.toArray()).toEqual(['a', 'b', 'c']);
    expect(list.toArray()).toBe(list.toArray());
    expect(JSON.stringify({ ids: list.append('d') })).toBe('{"ids":["a","b","c","d"]}');
  });

  it('a version appended in place forgets the array it handed out before', () => {
    const list = IdList.of(['z']).append('a');
    const before = list.toArray();
    list.appendInPlace('b');
    expect(before).toEqual(['z', 'a']);
    expect(list.toArray()).toEqual(['z', 'a', 'b']);
  });
});

// A turn of a long agent run gains a message and a tool call in nearly every batch: its id lists
// must grow without a copy of the whole list per batch (that made W2's ingest O(turn length) per batch).
describe('a long turn’s and a long thread’s id lists', () => {
  afterEach(() => vi.restoreAllMocks());

  /** Counts `slice` and `concat` calls on arrays of 1,000 items or more (how a list was copied to grow). */
  function countLongCopies(): { count: number } {
    const longCopies = { count: 0 };
    const { slice, concat } = Array.prototype;
    vi.spyOn(Array.prototype, 'slice').mockImplementation(function (this: unknown[], ...args) {
      if (this.length >= 1_000) longCopies.count++;
      return slice.apply(this, args as []);
    });
    vi.spyOn(Array.prototype, 'concat').mockImplementation(function (this: unknown[], ...args) {
      if (this.length >= 1_000) longCopies.count++;
      return concat.apply(this, args);
    });
    return longCopies;
  }

  const event = (sequence: number, type: string, fields: Record<string, unknown>, payload: Record<string, unknown> = {}) => ({
    schemaVersion: 'lime-profile-0.4.0',
    runtimeId: 'rt',
    sessionId: 's',
    threadId: 'th',
    turnId: 't0',
    eventId: `e${sequence}`,
    sequence,
    timestamp: '2026-06-09T10:00:00.000Z',
    type,
    ...fields,
    payload,
  });

  it('2,000 batches of a message and a tool call each copy no list of 1,000 ids or more, and every version keeps its own', () => {
    const store = createRuntimeStore();
    let sequence = 1;
    store.getState().ingest([event(sequence++, 'turn.started', {})]);
    const longCopies = countLongCopies();
    const states = [];
    for (let n = 0; n < 2_000; n++) {
      store.getState().ingest([
        event(sequence++, 'model.requested', { messageId: `m${n}` }),
        event(sequence++, 'tool.started', { stepId: `st${n}`, toolCallId: `tc${n}` }, { toolName: 'read' }),
      ]);
      if (n % 500 === 499) states.push(store.getState());
    }
    vi.restoreAllMocks();
    expect(longCopies.count).toBe(0);
    const turn = store.getState().turns.byId.get('t0')!;
    expect(turn.messageIds.length).toBe(2_000);
    expect(turn.toolCallIds.length).toBe(2_000);
    expect(turn.messageIds.at(1_999)).toBe('m1999');
    expect(turn.toolCallIds.toArray().slice(0, 2)).toEqual(['tc0', 'tc1']);
    // Every state handed out before still lists exactly the messages it had.
    expect(states.map((s) => s.turns.byId.get('t0')!.messageIds.length)).toEqual([500, 1_000, 1_500, 2_000]);
    expect(states.map((s) => s.turns.byId.get('t0')!.messageIds.at(-1))).toEqual(['m499', 'm999', 'm1499', 'm1999']);
  });

  it('a thread of 1,500 turns, one new turn per batch, copies no list of 1,000 ids or more', () => {
    const store = createRuntimeStore();
    const longCopies = countLongCopies();
    for (let n = 0; n < 1_500; n++) store.getState().ingest([event(n + 1, 'turn.started', { turnId: `t${n}` })]);
    vi.restoreAllMocks();
    expect(longCopies.count).toBe(0);
    const thread = store.getState().threads.byId.get('th')!;
    expect(thread.turnIds.length).toBe(1_500);
    expect(thread.turnIds.at(0)).toBe('t0');
    expect(thread.activeTurnId).toBe('t1499');
  });

  it('a state set back and built on again lists its own messages, and the later state keeps its', () => {
    const store = createRuntimeStore();
    store.getState().ingest([event(1, 'turn.started', {}), event(2, 'model.requested', { messageId: 'm0' })]);
    const earlier = store.getState();
    store.getState().ingest([event(3, 'model.requested', { messageId: 'm1' })]);
    const later = store.getState();
    store.setState(earlier, true);
    store.getState().ingest([event(3, 'model.requested', { messageId: 'other' })]);
    expect(store.getState().turns.byId.get('t0')!.messageIds.toArray()).toEqual(['m0', 'other']);
    expect(later.turns.byId.get('t0')!.messageIds.toArray()).toEqual(['m0', 'm1']);
    expect(earlier.turns.byId.get('t0')!.messageIds.toArray()).toEqual(['m0']);
  });
});

describe('a read model of a long turn', () => {
  afterEach(() => vi.restoreAllMocks());

  it('merging 3,000 new messages of one turn copies its message list a bounded number of times, not once per message', () => {
    const store = createRuntimeStore();
    const messages = Array.from({ length: 3_000 }, (_, n) => ({ messageId: `m${n}`, turnId: 't0', role: 'assistant', text: `answer ${n}`, final: true }));
    let longCopies = 0;
    const { slice } = Array.prototype;
    vi.spyOn(Array.prototype, 'slice').mockImplementation(function (this: unknown[], ...args) {
      if (this.length >= 1_000) longCopies++;
      return slice.apply(this, args as []);
    });
    const report = store.getState().applyReadModel({ threadId: 'th', turns: [{ turnId: 't0', status: 'completed' }], messages });
    vi.restoreAllMocks();
    expect(report.applied).toBe(true);
    // Before: each message asked whether the turn listed it through a new array of the turn's ids (2,000 copies past 1,000).
    expect(longCopies).toBeLessThanOrEqual(10);
    const ids = store.getState().turns.byId.get('t0')!.messageIds.toArray();
    expect(ids.length).toBe(3_000);
    expect(ids.slice(0, 2)).toEqual(['m0', 'm1']);
    expect(ids.at(-1)).toBe('m2999');
    // Listed twice, a message is in its turn once.
    store.getState().applyReadModel({ threadId: 'th', turns: [{ turnId: 't0', status: 'completed' }], messages: [messages[5]!, { ...messages[5]!, text: 'again' }, { messageId: 'new', turnId: 't0', role: 'assistant', text: 'x', final: true }, { messageId: 'new', turnId: 't0', role: 'assistant', text: 'x', final: true }] });
    const after = store.getState().turns.byId.get('t0')!.messageIds.toArray();
    expect(after.length).toBe(3_001);
    expect(after.filter((id) => id === 'new')).toEqual(['new']);
  });

  it('a message a read model moves to another turn and back is listed once, by the turn its record names', () => {
    const store = createRuntimeStore();
    const turns = [{ turnId: 't0', status: 'running' }, { turnId: 't1', status: 'running' }];
    const model = (turnId: string) => ({ threadId: 'th', turns, messages: [{ messageId: 'm', turnId, role: 'assistant', text: 'x' }] });
    const lists = () => ['t0', 't1'].map((id) => store.getState().turns.byId.get(id)!.messageIds.toArray());
    store.getState().applyReadModel(model('t0'));
    expect(lists()).toEqual([['m'], []]);
    store.getState().applyReadModel(model('t1'));
    expect(lists()).toEqual([[], ['m']]);
    store.getState().applyReadModel(model('t0'));
    store.getState().applyReadModel(model('t0'));
    expect(lists()).toEqual([['m'], []]);
    expect(store.getState().messages.byId.get('m')!.turnId).toBe('t0');
  });
});
