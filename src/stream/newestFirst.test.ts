import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { shortTurns } from '../../test/shortTurns';
import { expectRecordsAreFinal, immediate, otherThread, plain, PRESENTED, renumber } from '../../test/newestFirstChecks';
import { createRuntimeStore, type RuntimeState, type RuntimeStore } from '../store/createRuntimeStore';
import { openBacklog } from './openBacklog';
import { selectMessageText } from '../store/selectors/text';
import { selectRuntimeStatus } from '../store/selectors/runtimeStatus';
import { selectUsage } from '../store/selectors/usage';
import { connectRuntimeStream } from './connectRuntimeStream';
import { withHistory } from './historySource';
import type { RuntimeEventSource } from './types';

type Event = Record<string, unknown> & { payload?: Record<string, unknown> };

/** Opens `events` newest first, keeping the state subscribers were first shown and the one they are left with. */
async function open(events: readonly unknown[], input: unknown = events) {
  const store = createRuntimeStore();
  const heard: RuntimeState[] = [];
  store.subscribe(() => void heard.push(store.getState()));
  const result = await openBacklog(store, input as unknown[], { yieldToHost: immediate });
  // First, a presentation with no record says history is loading (then the newest turns, or the
  // history applied in order so far, each with historyPending, then the whole).
  const loading = heard.slice(0, 1).filter((state) => state.historyPending);
  for (const state of loading) for (const table of PRESENTED) expect(state[table].ids, table).toEqual([]);
  // The newest turns, when the backlog has a closed tail.
  const shown = result.presented > 0 ? heard.findLast((state) => state.historyPending) : undefined;
  return { store, heard, result, shown, last: store.getState() };
}

/** The same events applied in order only (the previous behaviour, and the CLI's). */
async function inOrder(input: readonly unknown[] | string): Promise<RuntimeStore> {
  const store = createRuntimeStore();
  await openBacklog(store, input, { yieldToHost: immediate, newestFirst: false });
  return store;
}

/** Every record the presentation showed is the whole backlog's record of that id, and the newest messages were shown. */
function expectPresentedAreFinal(shown: RuntimeState, final: RuntimeState): void {
  expectRecordsAreFinal(shown, final);
  // The newest messages, in the whole's order, at its end.
  const messages = shown.messages.ids as readonly string[];
  expect(messages.length).toBeGreaterThan(0);
  expect((final.messages.ids as readonly string[]).slice(-messages.length)).toEqual(messages);
}

describe('openBacklog newest first: the newest turns shown before the history, as the whole backlog makes them', () => {
  it('subscribers see the last turns first (historyPending), then the whole; the facts end as applied in order', async () => {
    const events = shortTurns(60);
    const { heard, result, shown, last } = await open(events);
    expect(result.presented).toBeGreaterThan(0);
    // First that history is loading (nothing shown, not "no messages"), then the newest turns, then the whole.
    expect(heard[0]!.historyPending).toBe(true);
    expect(heard[0]!.messages.ids).toEqual([]);
    expect(shown).toBe(heard[1]);
    expect(heard).toHaveLength(3);
    expect(shown!.turns.ids.length).toBeGreaterThanOrEqual(8);
    expect(shown!.turns.ids.length).toBeLessThan(60);
    expectPresentedAreFinal(shown!, last);
    // Session-wide figures are not a tail's: not shown until the whole is applied; the queue unknown, not empty.
    expect(shown!.costLimits).toEqual({});
    expect(shown!.timeline.ids.length).toBe(0);
    expect(shown!.diagnostics.ids.length).toBe(0);
    expect(shown!.queueUnknown).toBe(true);
    expect(last.costLimits.recordedUsd).toBeCloseTo(0.6);
    expect(last.historyPending).toBeUndefined();
    expect(heard.at(-1)).toBe(last);
    expect(plain({ ...last, order: undefined })).toEqual(plain({ ...(await inOrder(events)).getState(), order: undefined }));
  });

  it('projects the newest turns with the store’s own options: a short preview budget shapes them as it shapes the whole', async () => {
    const events = shortTurns(40).map((e) => (e.type === 'tool.result' ? { ...e, payload: { preview: 'x'.repeat(500) } } : e));
    const store = createRuntimeStore({ previewBudget: 20 });
    const heard: RuntimeState[] = [];
    store.subscribe(() => void heard.push(store.getState()));
    expect((await openBacklog(store, events, { yieldToHost: immediate })).presented).toBeGreaterThan(0);
    const shown = heard.findLast((state) => state.historyPending)!;
    expect(shown.toolCalls.ids.length).toBeGreaterThan(0);
    expectPresentedAreFinal(shown, store.getState());
  });

  it('a JSONL string and a Response present the same turns as the array', async () => {
    const events = shortTurns(40);
    const text = events.map((e) => JSON.stringify(e)).join('\n') + '\n';
    const array = await open(events);
    for (const input of [text, new Response(text)]) {
      const { shown, last } = await open(events, input);
      expect(plain(shown!.messages)).toEqual(plain(array.shown!.messages));
      expect(plain(last.messages)).toEqual(plain(array.last.messages));
    }
  });

  // Five turns are fewer than a screen of them: nothing is shown first, the history is applied in
  // order. Its first slice (the thread's start) was told to readers as a session without messages
  // ("No messages yet") for as long as the rest took.
  for (const publishEveryMs of [undefined, 0]) {
    it(`a backlog applied in order is history still loading until its whole is applied, never an empty session (publishEveryMs ${publishEveryMs})`, async () => {
      const ev = eventBuilder();
      const events = [ev('thread.started', {}, {})];
      for (let t = 0; t < 5; t++) {
        const ids = turn(`turn-${t}`);
        events.push(
          ev('turn.submitted', ids, { text: `question ${t}` }),
          ev('turn.started', ids),
          ev('routing.decided', ids, { selectedModel: `model-${t}`, candidateCount: 2, decisionSource: 'policy' }),
          ev('model.completed', ids, { text: `answer ${t}` }),
          ev('cost.recorded', ids, { costUsd: 0.01 * (t + 1), inputTokens: 100, outputTokens: 10 }),
          ev('turn.completed', ids),
        );
      }
      const store = createRuntimeStore();
      const heard: RuntimeState[] = [];
      store.subscribe(() => void heard.push(store.getState()));
      const result = await openBacklog(store, events, { yieldToHost: immediate, sliceMs: 0, publishEveryMs });
      expect(result.presented).toBe(0);
      const last = heard.at(-1)!;
      expect(last).toBe(store.getState());
      expect(last.historyPending).toBeUndefined();
      expect(last.messages.ids).toHaveLength(10);
      const loading = heard.slice(0, -1);
      expect(loading.length).toBeGreaterThan(publishEveryMs === 0 ? 2 : 0);
      for (const state of loading) expect(state.historyPending).toBe(true);
      // What is shown while it loads only grows, as the history is applied.
      const counts = loading.map((state) => state.messages.ids.length);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      // The latest turn applied so far is not the session's: the header says history is loading, not
      // its stage, and the model, costs and queue applied so far are not presented as the session's.
      if (publishEveryMs === 0) expect(loading.some((state) => state.turns.ids.length > 0)).toBe(true);
      for (const state of loading) {
        expect(selectRuntimeStatus(state)).toEqual({ stale: false, stage: 'unknown', loading: true });
        expect([state.routing, selectUsage(state), state.queueUnknown]).toEqual([null, undefined, true]);
      }
      expect(selectRuntimeStatus(last)).toMatchObject({ stage: 'completed', model: 'model-4', turnId: 'turn-4' });
      expect(selectUsage(last)?.costUsd).toBeCloseTo(0.15);
      expect(last.historyPrefix).toBeUndefined();
    });
  }

  it('presents nothing for a ReadableStream (applied as read), with newestFirst: false, or into a store that holds facts', async () => {
    const events = shortTurns(40);
    const text = events.map((e) => JSON.stringify(e)).join('\n') + '\n';
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(bytes), c.close()) });
    expect((await open(events, stream)).shown).toBeUndefined();
    const store = createRuntimeStore();
    const heard: boolean[] = [];
    store.subscribe(() => void heard.push(store.getState().historyPending === true));
    expect((await openBacklog(store, events, { yieldToHost: immediate, newestFirst: false })).presented).toBe(0);
    const held = createRuntimeStore();
    held.getState().ingest(events.slice(0, 3));
    held.subscribe(() => void heard.push(held.getState().historyPending === true));
    expect((await openBacklog(held, events.slice(3), { yieldToHost: immediate })).presented).toBe(0);
    expect(heard.includes(true)).toBe(false);
  });

  it('aborted while the history is applied: readers see the committed state again, as far as it got', async () => {
    const events = shortTurns(60);
    const store = createRuntimeStore();
    const controller = new AbortController();
    const seen: boolean[] = [];
    store.subscribe(() => {
      const pending = store.getState().historyPending === true;
      seen.push(pending);
      if (pending) controller.abort();
    });
    await expect(openBacklog(store, events, { yieldToHost: immediate, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen[0]).toBe(true);
    expect(seen.at(-1)).toBe(false);
    expect(store.getState().historyPending).toBeUndefined();
    expect(store.getState().counts.received).toBeLessThan(events.length);
  });

  // Every fixture, repeated into a long session with its ids made fresh per repetition except a
  // chosen few, which then join repetitions (as a session's long-lived task or artifact does): the
  // presentation, when there is one, shows only records exactly as the whole backlog makes them.
  const fixtures = readdirSync('fixtures').filter((name) => name.endsWith('.jsonl'));
  const KEYS = ['turnId', 'stepId', 'toolCallId', 'actionId', 'artifactId', 'evidenceId', 'taskId', 'runId', 'subagentId', 'messageId', 'requestId'];
  it('on every fixture repeated, with ids shared across repetitions, what is presented is the whole backlog’s, from events and from JSON Lines', async () => {
    let presented = 0;
    let textPresented = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fixtures), fc.subarray(KEYS, { maxLength: 3 }), fc.option(fc.record({ kind: fc.constantFrom('drop', 'repeat', 'swap'), at: fc.nat() }), { freq: 2 }), async (name, shared, fault) => {
        // A line that is not JSON (a fixture of malformed input has some) stays in place as its text.
        const base = readFileSync(`fixtures/${name}`, 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line): Event => {
            try {
              return JSON.parse(line) as Event;
            } catch {
              return { line } as Event;
            }
          });
        const turns = new Set(base.map((e) => e.turnId).filter(Boolean)).size || 1;
        const events: Event[] = [];
        for (let rep = 0; rep < Math.ceil(48 / turns); rep++) {
          for (const e of base) {
            const fresh = (value: unknown) => (typeof value === 'string' ? `r${rep}-${value}` : value);
            const copy: Event = { ...e, eventId: `r${rep}-${String(e.eventId)}`, sequence: events.length + 1 };
            const payload = e.payload && typeof e.payload === 'object' ? { ...e.payload } : e.payload;
            for (const key of KEYS) {
              if (shared.includes(key)) continue;
              if (key in copy) copy[key] = fresh(copy[key]);
              if (payload && key in payload) payload[key] = fresh(payload[key]);
            }
            copy.payload = payload;
            events.push(copy);
          }
        }
        // A backlog as logs come: an event lost, sent twice, or two swapped.
        if (fault) {
          const at = fault.at % (events.length - 1);
          if (fault.kind === 'drop') events.splice(at, 1);
          else if (fault.kind === 'repeat') events.splice(at + 1, 0, events[at]!);
          else events.splice(at, 2, events[at + 1]!, events[at]!);
        }
        const { shown, last } = await open(events);
        expect(plain({ ...last, order: undefined }), name).toEqual(plain({ ...(await inOrder(events)).getState(), order: undefined }));
        // The same backlog as JSON Lines (a line that is not JSON as its text): read whole, its
        // parsed values let go and the newest turns' lines parsed again, then all of it read again.
        const jsonl = events.map((e) => (typeof (e as { line?: unknown }).line === 'string' && Object.keys(e).length === 1 ? (e as { line: string }).line : JSON.stringify(e))).join('\n') + '\n';
        const fromText = await open(events, jsonl);
        expect(plain({ ...fromText.last, order: undefined }), name).toEqual(plain({ ...(await inOrder(jsonl)).getState(), order: undefined }));
        if (fromText.shown) {
          textPresented += 1;
          expectPresentedAreFinal(fromText.shown, fromText.last);
        }
        if (!shown) return;
        presented += 1;
        expectPresentedAreFinal(shown, last);
      }),
      { numRuns: 80, seed: 25 },
    );
    // The property must have been put to the test, not passed by presenting nothing.
    expect(presented).toBeGreaterThan(10);
    expect(textPresented).toBeGreaterThan(10);
  });
});

describe('openBacklog newest first: nothing shown that the whole backlog would not show', () => {
  /** Events renumbered into one unbroken order (ids and sequences), as a recorded session has them. */
  const text = (events: readonly unknown[]) => events.map((e) => JSON.stringify(e)).join('\n') + '\n';

  it('the thread’s own facts stated in the history (its status, an incident) are shown with the newest turns, as the whole has them', async () => {
    const turns = shortTurns(40);
    const started = { ...turns[0]!, type: 'thread.started', turnId: undefined, payload: { status: 'active' } };
    const updated = { ...turns[0]!, type: 'thread.updated', turnId: undefined, payload: { status: 'paused' } };
    const incident = { ...turns[6]!, type: 'runtime.error', payload: { code: 'disk_full', message: 'disk full' } };
    const late = { ...turns.at(-2)!, type: 'runtime.error', payload: { code: 'disk_full', message: 'disk full again' } };
    const backlogs = [
      renumber([started, ...turns]),
      renumber([...turns.slice(0, 7), incident, ...turns.slice(7)]),
      renumber([started, ...turns.slice(0, 7), incident, ...turns.slice(7, 20), updated, ...turns.slice(20, -1), late, turns.at(-1)!]),
    ];
    for (const events of backlogs) {
      // From events, and from JSON Lines (where the history's facts are the only parsed values kept).
      for (const input of [events, text(events)]) {
        const { result, shown, last } = await open(events, input);
        expect(result.presented).toBeGreaterThan(0);
        expectPresentedAreFinal(shown!, last);
        expect(plain({ ...last, order: undefined })).toEqual(plain({ ...(await inOrder(events)).getState(), order: undefined }));
      }
    }
    for (const input of [backlogs[2]!, text(backlogs[2]!)]) {
      const { shown } = await open(backlogs[2]!, input);
      expect(shown?.threads.byId.get('thread-1')).toMatchObject({ status: 'paused' });
      expect(shown?.threads.byId.get('thread-1')?.incidents.map((i) => i.message)).toEqual(['disk full', 'disk full again']);
    }
  });

  it('a snapshot an event carries (a messages snapshot, a read model) shows nothing first; a snapshot.updated naming only its ref does', async () => {
    const turns = shortTurns(40);
    const listed = turns.filter((e) => e.type === 'model.delta').map((e) => ({ messageId: `${String(e.turnId)}:assistant`, role: 'assistant', text: (e.payload as { delta: string }).delta, final: true }));
    const last = turns.at(-1)!;
    const carried = [
      { ...last, type: 'messages.snapshot', payload: { messages: listed } },
      { ...last, type: 'snapshot.updated', turnId: undefined, payload: { snapshot: { threadId: 'thread-1', status: 'active', turns: [{ turnId: 'turn-0', status: 'completed' }] } } },
    ];
    for (const snapshot of carried) {
      const events = renumber([...turns.slice(0, -1), snapshot, last]);
      const { result, last: final } = await open(events);
      expect(result.presented, snapshot.type).toBe(0);
      expect(plain({ ...final, order: undefined })).toEqual(plain({ ...(await inOrder(events)).getState(), order: undefined }));
    }
    const marked = await open(renumber([...turns.slice(0, -1), { ...last, type: 'snapshot.updated', payload: { snapshotRef: 'snapshot://s/turn-39' } }, last]));
    expect(marked.result.presented).toBeGreaterThan(0);
    expectPresentedAreFinal(marked.shown!, marked.last);
  });

  it('an event the store applies at once (no sequence) among events it places in order shows nothing first: the tail alone would apply it out of order', async () => {
    const events: Record<string, unknown>[] = shortTurns(40);
    const at = events.findIndex((e) => e.turnId === 'turn-39' && e.type === 'model.delta');
    const delta = events[at]!;
    // The portable schema (0.1) does not require a sequence.
    events.splice(at + 1, 0, { schemaVersion: '0.1', type: 'model.delta', eventId: 'portable-1', timestamp: delta.timestamp, sessionId: delta.sessionId, threadId: delta.threadId, turnId: 'turn-39', payload: { delta: ' (continued)' } });
    const { result, last } = await open(events);
    expect(result.presented).toBe(0);
    expect(selectMessageText(last, last.messages.byId.get('turn-39:assistant')!)).toBe('answer 39 (continued)');
  });

  it('a line that is not JSON among the newest turns is not counted as an event in what is shown (the whole reports it as a line)', async () => {
    const lines = text(shortTurns(40)).split('\n');
    lines.splice(lines.length - 4, 0, '{"type": "model.delta", oops');
    const { shown, last, result } = await open(shortTurns(40), lines.join('\n'));
    expect(result.presented).toBeGreaterThan(0);
    expect(result.malformed).toBe(1);
    expectPresentedAreFinal(shown!, last);
    // The counts shown are floors of the whole's.
    for (const [key, count] of Object.entries(shown!.counts)) expect(count, key).toBeLessThanOrEqual(last.counts[key as keyof typeof last.counts]);
    expect(last.counts.invalid).toBe(0);
  });

  it('a store holding facts of a snapshot (a task, no thread) is not replaced by a presentation: the task stays shown throughout', async () => {
    const store = createRuntimeStore();
    expect(store.getState().applyReadModel({ schemaVersion: 'lime-profile-0.4.0', sessionId: 'sess-unit', threads: [], tasks: [{ taskId: 'task-7', status: 'running', objective: 'Migrate the database' }] }).applied).toBe(true);
    const heard: (string | undefined)[] = [];
    store.subscribe(() => void heard.push(store.getState().tasks.byId.get('task-7')?.status));
    const result = await openBacklog(store, shortTurns(40), { yieldToHost: immediate });
    expect(result.presented).toBe(0);
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.every((status) => status === 'running')).toBe(true);
  });

  it('a subscriber that throws on the presentation: openBacklog rejects with its error and the store shows its committed state, later events too', async () => {
    for (const when of ['loading', 'newest'] as const) {
      const store = createRuntimeStore();
      let thrown = false;
      store.subscribe(() => {
        const state = store.getState();
        if (thrown || !state.historyPending || (when === 'newest' && state.messages.ids.length === 0)) return;
        thrown = true;
        throw new Error('render failed');
      });
      await expect(openBacklog(store, shortTurns(40), { yieldToHost: immediate })).rejects.toThrow('render failed');
      expect(store.getState().historyPending, when).toBeUndefined();
      const before = store.getState().counts.received;
      store.getState().ingest([{ ...shortTurns(1)[0]!, eventId: 'late-1', sequence: 10_000 }]);
      expect(store.getState().counts.received, when).toBe(before + 1);
    }
  });

  it('aborted while the body is read: rejects with AbortError, the line the abort cut is not reported as malformed, and a Response (read whole first) applied nothing', async () => {
    const whole = text(shortTurns(3)).split('\n');
    // Five lines and half of the sixth, then a network that sends nothing more.
    const head = `${whole.slice(0, 5).join('\n')}\n${whole[5]!.slice(0, 40)}`;
    const stalled = () => {
      let sent = false;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent) return new Promise<void>(() => undefined);
          sent = true;
          controller.enqueue(new TextEncoder().encode(head));
        },
      });
    };
    for (const [input, readWholeFirst] of [[() => new Response(stalled()), true], [stalled, false]] as const) {
      const store = createRuntimeStore();
      const controller = new AbortController();
      // A clock that does not move: the abort comes within the first slice, before any is applied.
      const run = openBacklog(store, input(), { signal: controller.signal, yieldToHost: immediate, now: () => 0 });
      for (let i = 0; i < 50; i++) await new Promise((resolve) => setTimeout(resolve, 0));
      controller.abort();
      await expect(run).rejects.toMatchObject({ name: 'AbortError' });
      const state = store.getState();
      expect([...state.diagnostics.byId.values()].map((d) => d.code)).not.toContain('invalid_json');
      if (readWholeFirst) expect(state.counts.received).toBe(0);
    }
  });
});

describe('openBacklog newest first behind a live connection', () => {
  it('a history read by withHistory through connectRuntimeStream is shown newest first, then the live source starts', async () => {
    const store = createRuntimeStore();
    let presented = false;
    store.subscribe(() => {
      const state = store.getState();
      if (state.historyPending && state.messages.ids.length > 0) presented = true;
    });
    // The live source starts once the history is applied: waited for as an event, not for a time.
    let started!: () => void;
    const liveStarted = new Promise<void>((resolve) => (started = resolve));
    const live: RuntimeEventSource = { start: () => started(), close: () => undefined, cursor: () => undefined };
    const connection = connectRuntimeStream(store, withHistory(store, live, shortTurns(40).map((e) => JSON.stringify(e)).join('\n') + '\n'));
    await liveStarted;
    connection.close();
    expect(presented).toBe(true);
    expect(store.getState().counts.received).toBe(280);
    expect(store.getState().historyPending).toBeUndefined();
  });
});

describe('openBacklog newest first: threads, re-sent facts and the session’s own message', () => {
  /** Opens `events` newest first: the final state is the in-order one, and what was shown (if anything) is the whole's. */
  async function openChecked(events: readonly Record<string, unknown>[]) {
    const opened = await open(events);
    expect(plain({ ...opened.last, order: undefined })).toEqual(plain({ ...(await inOrder(events)).getState(), order: undefined }));
    // (Events without the sequence the profile requires are refused by both: nothing to show then.)
    if (opened.shown) expectRecordsAreFinal(opened.shown, opened.last);
    return opened;
  }

  it('a thread whose own facts are stated but whose turns are all in the history is not shown first (its active turn is the history’s)', async () => {
    const turns = shortTurns(40);
    const started = { ...turns[0]!, type: 'thread.started', threadId: 'thread-2', turnId: undefined, payload: { status: 'active' } };
    const sub = { ...started, threadId: 'thread-sub', parentThreadId: 'thread-1' };
    const t2 = otherThread(2, 'thread-2');
    const error = { ...t2[3]!, type: 'runtime.error', turnId: undefined, toolCallId: undefined, stepId: undefined, payload: { code: 'x', message: 'boom' } };
    for (const events of [renumber([started, ...t2, ...turns]), renumber([sub, ...otherThread(2, 'thread-sub'), ...turns]), renumber([...t2, error, ...turns]), renumber([...t2, ...turns.slice(0, -3), error, ...turns.slice(-3)])]) {
      expect((await openChecked(events)).result.presented).toBe(0);
    }
  });

  it('a thread fact whose id another event of the history has (reused, or re-sent after the store forgot it) is not shown first', async () => {
    const turns = renumber(shortTurns(40));
    for (const type of ['thread.updated', 'runtime.error']) {
      const reused = { ...turns[20]!, type, turnId: undefined, eventId: 'e3', payload: type === 'runtime.error' ? { code: 'disk_full', message: 'disk full' } : { status: 'paused' } };
      const events = [...turns.slice(0, 20), reused, ...turns.slice(20)].map((e, i) => ({ ...e, sequence: i + 1 }));
      const { result, last } = await openChecked(events);
      expect(result.presented, type).toBe(0);
      expect(last.threads.byId.get('thread-1')?.status, type).toBeUndefined();
      expect(last.threads.byId.get('thread-1')?.incidents, type).toEqual([]);
    }
    const long = renumber(shortTurns(300));
    const error = { ...long[5]!, type: 'runtime.error', turnId: undefined, eventId: 'err-1', payload: { code: 'disk_full', message: 'disk full' } };
    const resent = [...long.slice(0, 5), error, ...long.slice(5, 1500), error, ...long.slice(1500)].map((e, i) => ({ ...e, sequence: i + 1 }));
    const { result, last } = await openChecked(resent);
    expect(result.presented).toBe(0);
    expect(last.threads.byId.get('thread-1')?.incidents).toHaveLength(2);
  });

  it('content without a turn or a message (the session’s implicit message) in the history and the newest turns is not shown first', async () => {
    const turns = shortTurns(40);
    const loose = (delta: string) => ({ schemaVersion: '0.1', type: 'model.delta', timestamp: turns[0]!.timestamp, sessionId: 'sess-unit', threadId: 'thread-1', payload: { delta } });
    const events = renumber([...turns.slice(0, 10), loose('early '), ...turns.slice(10, -3), loose('late'), ...turns.slice(-3)]);
    const { result, last } = await openChecked(events);
    expect(result.presented).toBe(0);
    expect(selectMessageText(last, last.messages.byId.get('sess-unit:assistant')!)).toBe('early late');
  });

  it('with thread facts anywhere (statuses, incidents, other threads, re-sent, with or without sequences), what is shown is the whole’s', async () => {
    const fact = fc.record({
      at: fc.nat(),
      type: fc.constantFrom('thread.started', 'thread.updated', 'runtime.error', 'runtime.warning'),
      thread: fc.constantFrom('thread-1', 'thread-2', 'thread-sub', undefined),
      withTurn: fc.boolean(),
      status: fc.constantFrom('active', 'paused', 'idle'),
      resend: fc.option(fc.nat(), { freq: 3 }),
    });
    let presented = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fact, { maxLength: 8 }), fc.integer({ min: 0, max: 6 }), fc.boolean(), async (facts, otherTurns, unsequenced) => {
        // The other thread's turns after the first turn: the whole's first thread is thread-1, as
        // the newest turns' is (a backlog whose first thread has no newest turn shows nothing first).
        const turns = shortTurns(40);
        const events: Record<string, unknown>[] = [...turns.slice(0, 7), ...otherThread(otherTurns, 'thread-2'), ...turns.slice(7)];
        facts.forEach((f, n) => {
          const at = f.at % (events.length + 1);
          const near = events[Math.min(at, events.length - 1)]!;
          const event: Record<string, unknown> = { ...near, type: f.type, eventId: `f${n}`, turnId: f.withTurn ? near.turnId : undefined, toolCallId: undefined, stepId: undefined, threadId: f.thread ?? (f.type.startsWith('thread.') ? 'thread-1' : undefined), payload: f.type.startsWith('thread.') ? { status: f.status } : { code: `c${n}`, message: `m${n}` } };
          events.splice(at, 0, event);
          if (f.resend !== null) events.splice(at + 1 + (f.resend % (events.length - at)), 0, { ...event });
        });
        const numbered = events.map((e, i) => {
          const copy: Record<string, unknown> = { ...e, sequence: i + 1, eventId: String(e.eventId).startsWith('f') ? e.eventId : `e${i + 1}` };
          if (unsequenced) delete copy.sequence;
          for (const key of Object.keys(copy)) if (copy[key] === undefined) delete copy[key];
          return copy;
        });
        if (((await openChecked(numbered)).shown?.messages.ids.length ?? 0) > 0) presented += 1;
      }),
      { numRuns: 120, seed: 7 },
    );
    expect(presented).toBeGreaterThan(10);
  });
});
