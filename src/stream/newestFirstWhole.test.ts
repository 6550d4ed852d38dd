// Newest first, third review from outside: what is shown first is the whole backlog's, through
// events that name a thread and a turn but make no turn, the session's own facts, a history that
// starts mid-way and is not settled (withHistory), values without a type that hold an id or a place,
// ids the store derives, and the order of threads. Each case failed before its fix; presenting
// nothing is also within the contract.
import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { shortTurns } from '../../test/shortTurns';
import { expectRecordsAreFinal, expectSessionIsFinal, immediate, jsonLines, otherThread, plain, renumber, withoutUndefined } from '../../test/newestFirstChecks';
import { createRuntimeStore, type RuntimeState, type RuntimeStore } from '../store/createRuntimeStore';
import { selectThreadReadModel } from '../store/selectors/readModels';
import { connectRuntimeStream } from './connectRuntimeStream';
import { withHistory } from './historySource';
import { openBacklog, type BacklogOptions } from './openBacklog';
import type { RuntimeEventSource } from './types';

/** Opens `input` into `store`, keeping what subscribers were shown last while history was pending. */
async function openInto(input: unknown, store: RuntimeStore = createRuntimeStore(), options: BacklogOptions = {}) {
  const heard: RuntimeState[] = [];
  store.subscribe(() => void heard.push(store.getState()));
  const result = await openBacklog(store, input as unknown[], { yieldToHost: immediate, ...options });
  const shown = result.presented > 0 ? heard.findLast((state) => state.historyPending) : undefined;
  return { result, shown, last: store.getState() };
}

/** The same events applied in order only. */
async function inOrder(events: readonly unknown[]): Promise<RuntimeState> {
  const store = createRuntimeStore();
  await openBacklog(store, events as unknown[], { yieldToHost: immediate, newestFirst: false });
  return store.getState();
}

/** Opens `events` newest first: the final state is the in-order one, and what was shown (if anything) is the whole's. */
async function openChecked(events: readonly Record<string, unknown>[]) {
  const opened = await openInto(events);
  expect(plain({ ...opened.last, order: undefined })).toEqual(plain({ ...(await inOrder(events)), order: undefined }));
  if (opened.shown) expectRecordsAreFinal(opened.shown, opened.last);
  return opened;
}

describe('a thread whose facts are in the history, and whose only event among the newest makes no turn', () => {
  const turns = shortTurns(40);
  const base = turns.at(-2)!;
  // Events of thread-2 under a turn id never seen before that make no turn: a cost, a task's
  // progress, a subagent's text (its own transcript).
  const late: [string, Record<string, unknown>][] = [
    ['cost.recorded', { ...base, type: 'cost.recorded', threadId: 'thread-2', turnId: 'thread-2:turn-late', payload: { usd: 0.01 } }],
    ['task.progress', { ...base, type: 'task.progress', threadId: 'thread-2', turnId: 'thread-2:turn-late', taskId: 'task-9', payload: { progress: 0.5 } }],
    ['a subagent’s model.delta', { ...base, type: 'model.delta', threadId: 'thread-2', turnId: 'thread-2:turn-late', subagentId: 'sub-1', payload: { delta: 'checking' } }],
  ];
  for (const [name, event] of late) {
    it(`is not shown without its turns (${name} with a new turnId)`, async () => {
      const started = { ...turns[0]!, type: 'thread.started', threadId: 'thread-2', turnId: undefined, payload: { status: 'active' } };
      const events = withoutUndefined(renumber([started, ...otherThread(2, 'thread-2'), ...turns.slice(0, -3), event, ...turns.slice(-3)]));
      const { last } = await openChecked(events);
      expect(last.threads.byId.get('thread-2')?.activeTurnId).toBe('thread-2:turn-1');
    });
  }
});

describe('the session shown is the whole’s', () => {
  it('a runtime restarted during the session (another runtimeId): the session names the first', async () => {
    const turns = shortTurns(40);
    const events = renumber(turns.map((e, i) => (i < turns.length / 2 ? e : { ...e, runtimeId: 'rt-restarted' })));
    const { result, shown, last } = await openChecked(events);
    expect(last.session.runtimeId).toBe('rt-unit');
    if (result.presented > 0) expectSessionIsFinal(shown!, last);
  });

  it('facts the runtime declared unavailable at the session’s start (session.created) are shown unavailable', async () => {
    const turns = shortTurns(40);
    const created = { ...turns[0]!, type: 'session.created', turnId: undefined, payload: { unavailableFacts: ['cost', 'routing'] } };
    const { result, shown, last } = await openInto(withoutUndefined(renumber([created, ...turns])));
    expect(last.session.unavailableFacts).toEqual(['cost', 'routing']);
    if (result.presented > 0) expectSessionIsFinal(shown!, last);
  });
});

// A history that starts mid-way (a server keeps a long session's last events) opened with
// `settle: false`, as withHistory opens every history behind a live stream: the whole holds its
// events for the earlier sequences, while the tail alone was applied and shown.
describe('a history starting mid-way, not settled (withHistory)', () => {
  const prompts = () => {
    const ev = eventBuilder();
    return Array.from({ length: 60 }, (_, t) => ev('turn.submitted', turn(`turn-${t}`), { text: `question ${t}` }, 501 + t));
  };

  it('shows nothing first that the whole does not hold (default and wide reorder windows)', async () => {
    const wide = shortTurns(40).map((e) => ({ ...e, sequence: (e.sequence as number) + 1000 }));
    for (const [events, store] of [[prompts(), createRuntimeStore()], [wide, createRuntimeStore({ reorderWindow: 1024 })]] as const) {
      const { result, shown, last } = await openInto(events, store, { settle: false });
      if (result.presented > 0) {
        expect(last.messages.ids.length).toBeGreaterThan(0);
        expectRecordsAreFinal(shown!, last);
      }
    }
  });

  it('messages shown while the history is pending are still there once the live source starts', async () => {
    const store = createRuntimeStore();
    const shownIds = new Set<string>();
    store.subscribe(() => {
      const state = store.getState();
      if (state.historyPending) for (const id of state.messages.ids) shownIds.add(id);
    });
    let started!: () => void;
    const liveStarted = new Promise<void>((resolve) => (started = resolve));
    const live: RuntimeEventSource = { start: () => started(), close: () => undefined, cursor: () => undefined };
    const connection = connectRuntimeStream(store, withHistory(store, live, jsonLines(prompts())));
    await liveStarted;
    connection.close();
    for (const id of shownIds) expect(store.getState().messages.byId.has(id), `message ${id}`).toBe(true);
  });
});

// The index skipped a value without a string type (no id, no place read), but the store remembers
// its eventId and gives its sequence a place: one of the newest turns' drops that event in the whole.
describe('a value with an eventId or a sequence but no type, in the history', () => {
  const turns = renumber(shortTurns(40));
  const last = turns.at(-1)!;
  const cases: [string, Record<string, unknown>][] = [
    ['the eventId of a newest event', { schemaVersion: last.schemaVersion, eventId: 'e260', sessionId: 'sess-unit' }],
    ['the sequence of a newest event', { schemaVersion: last.schemaVersion, eventId: 'junk-1', sessionId: 'sess-unit', sequence: 260 }],
    ['an eventId and a type that is not a string', { ...turns[259]!, type: null }],
  ];
  for (const [name, junk] of cases) {
    for (const form of ['array', 'jsonl'] as const) {
      it(`${name} (${form}): nothing shown first that the whole does not end with`, async () => {
        const events = [...turns.slice(0, 10), junk, ...turns.slice(10)];
        const { result, shown, last: final } = await openInto(form === 'array' ? events : jsonLines(events));
        if (result.presented > 0) {
          for (const id of shown!.messages.ids) expect(final.messages.byId.has(id), `message ${id}`).toBe(true);
          expectRecordsAreFinal(shown!, final);
          expect(final.session.stale).toBe(shown!.session.stale);
        }
      });
    }
  }
});

// The store keys some records by ids it derives (`<turnId>:assistant`, `<messageId>#<n>`): a history
// event naming one outright writes the record a newest turn's content goes to in the whole.
describe('ids the store derives, named by an event of the history', () => {
  const turns = shortTurns(40);
  const delta = turns.find((e) => e.turnId === 'turn-5' && e.type === 'model.delta')!;
  const cases: [string, Record<string, unknown>][] = [
    ['a messageId that is a newest turn’s implicit message id', { ...delta, messageId: 'turn-37:assistant', payload: { delta: 'side note' } }],
    ['a partId that is the first part id of a newest turn’s message', { ...delta, partId: 'turn-37:assistant#0', payload: { delta: ' (more)' } }],
  ];
  for (const [name, named] of cases) {
    it(`${name}: what is shown first is the whole’s`, async () => {
      const at = turns.indexOf(delta) + 1;
      await openChecked(renumber([...turns.slice(0, at), named, ...turns.slice(at)]));
    });
  }
});

// The thread read model and the runtime actions' default thread read the store's first thread.
describe('the first thread shown is the whole’s first thread', () => {
  const expectFirstThread = async (events: readonly Record<string, unknown>[]) => {
    const { result, shown, last } = await openChecked(events);
    expect(last.threads.ids[0]).toBe('thread-1');
    if (result.presented > 0) {
      expect(shown!.threads.ids[0]).toBe(last.threads.ids[0]);
      expect(selectThreadReadModel(shown!).threadId).toBe(selectThreadReadModel(last).threadId);
    }
  };

  it('a second thread’s turn opens the newest turns', async () => {
    const turns = shortTurns(40);
    const at = turns.findIndex((e) => e.turnId === 'turn-33');
    await expectFirstThread(renumber([...turns.slice(0, at), ...otherThread(1, 'thread-2'), ...turns.slice(at)]));
  });

  it('a sub-thread started in the history, with a turn among the newest', async () => {
    const turns = shortTurns(40);
    const started = { ...turns[10]!, type: 'thread.started', threadId: 'thread-sub', parentThreadId: 'thread-1', turnId: undefined, payload: { status: 'active' } };
    await expectFirstThread(withoutUndefined(renumber([...turns.slice(0, 10), started, ...turns.slice(10, -7), ...otherThread(1, 'thread-sub'), ...turns.slice(-7)])));
  });
});

// Fourth review from outside: ids the store builds by joining two ids (a reused call's
// `<toolCallId>@<turnId>`, a turn's `<turnId>:user`, a subagent's `<subagentId>:<turnId>:assistant`)
// can be equal for different ids of the history and the newest turns; session facts only some
// events carry; a tail counted in turns that are not turns.
describe('ids the store builds from two ids, and facts only some events carry', () => {
  const ev = (type: string, fields: Record<string, unknown> = {}, payload: Record<string, unknown> = {}): Record<string, unknown> => ({
    schemaVersion: 'lime-profile-0.4.0',
    runtimeId: 'rt',
    sessionId: 's',
    threadId: 'th',
    timestamp: '2026-06-09T10:00:00.000Z',
    type,
    ...fields,
    payload,
  });
  /** Turn `t`: the prompt, an answer, a call of `tool` when given, the end. */
  const turnOf = (t: number | string, tool?: string) => {
    const turnId = typeof t === 'number' ? `t${t}` : t;
    return [
      ev('turn.submitted', { turnId }, { text: `q${t}` }),
      ev('model.delta', { turnId }, { delta: `a${t}` }),
      ...(tool ? [ev('tool.started', { turnId, stepId: `s${t}`, toolCallId: tool }, { toolName: 'x' })] : []),
      ev('turn.completed', { turnId }),
    ];
  };
  const turnsOf = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => turnOf(from + i)).flat();
  const numbered = (events: Record<string, unknown>[]) => events.map((e, i) => ({ ...e, eventId: `e${i + 1}`, sequence: i + 1 }));
  const checked = async (events: Record<string, unknown>[]) => {
    const opened = await openChecked(events);
    if (opened.shown) expectSessionIsFinal(opened.shown, opened.last);
    return opened;
  };

  const cases: [string, Record<string, unknown>[]][] = [
    ['a call of the history named as a newest turn’s reused call (tc@t39)', numbered([...turnsOf(0, 3), ...turnOf(3, 'tc@t39'), ...turnsOf(4, 38), ...turnOf(38, 'tc'), ...turnOf(39, 'tc')])],
    ['a newest call named as the key of a call the history reused (tc@t3)', numbered([...turnsOf(0, 2), ...turnOf(2, 'tc'), ...turnOf(3, 'tc'), ...turnsOf(4, 39), ...turnOf(39, 'tc@t3')])],
    ['a message of the history named as a newest turn’s user message', numbered([...turnsOf(0, 3), ev('model.delta', { turnId: 't2', messageId: 't38:user' }, { delta: 'hist' }), ...turnsOf(3, 40)])],
    ['a newest message named as a history turn’s user message', numbered([...turnsOf(0, 39), ev('model.delta', { turnId: 't38', messageId: 't3:user' }, { delta: 'tail' }), ...turnsOf(39, 40)])],
    [
      'a history subagent’s message named as a newest subagent’s implicit one',
      numbered([...turnsOf(0, 3), ev('model.delta', { turnId: 'sa:t38', messageId: 'sa:t38:assistant', subagentId: 'sb' }, { delta: 'hist ' }), ...turnsOf(3, 39), ev('model.delta', { turnId: 't38', subagentId: 'sa' }, { delta: 'tail' }), ...turnsOf(39, 40)]),
    ],
    [
      'a history subagent’s implicit message and a newest turn whose id joins the same two ids',
      numbered([...turnsOf(0, 3), ev('model.delta', { turnId: 'x', subagentId: 'sa' }, { delta: 'sub' }), ...turnsOf(3, 32), ...turnsOf(32, 40).map((e) => (e.turnId === 't35' ? { ...e, turnId: 'sa:x' } : e))]),
    ],
    [
      'portable events of which only the history’s name the session and the runtime',
      turnsOf(0, 40).map((e, i) => {
        const portable: Record<string, unknown> = { ...e, schemaVersion: '0.1', eventId: `e${i + 1}` };
        if (i >= 20) {
          delete portable.sessionId;
          delete portable.runtimeId;
        }
        return portable;
      }),
    ],
  ];
  for (const [name, events] of cases) it(`${name}: what is shown first is the whole’s`, () => checked(events));

  it('the newest turns shown are not history still loading (historyPrefix is the in-order view’s)', async () => {
    const { shown } = await checked(numbered(turnsOf(0, 40)));
    expect(shown?.historyPending).toBe(true);
    expect(shown?.historyPrefix).toBeUndefined();
  });

  it('a subagent’s turn id is not one of the newest turns a tail must hold', async () => {
    const events = numbered([...turnsOf(0, 33), ev('model.delta', { turnId: 'helper-turn', subagentId: 'sa' }, { delta: 'sub' }), ...turnsOf(33, 40)]);
    const { shown } = await checked(events);
    if (shown) expect([...shown.turns.byId.keys()].filter((id) => /^t\d+$/.test(String(id))).length).toBeGreaterThanOrEqual(8);
  });
});
