import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { summarize } from '../store/selectors/summarize';
import { connectRuntimeStream } from './connectRuntimeStream';
import { createRuntimeActions } from './runtimeActions';
import type { RuntimeEventSource, RuntimeProviderAdapter, SourceHandlers } from './types';

const t1 = turn();
afterEach(() => vi.useRealTimers());

function adapterWith(startTurn: RuntimeProviderAdapter['startTurn']): RuntimeProviderAdapter {
  return { startTurn, cancelTurn: vi.fn(), respondAction: vi.fn(), readThread: vi.fn() } as unknown as RuntimeProviderAdapter;
}

describe('createRuntimeActions.send', () => {
  it('a send the adapter refuses reports the failure and keeps the prompt for a retry (bug 18)', async () => {
    let refuse = true;
    const ev = eventBuilder();
    const startTurn = vi.fn(async function* () {
      if (refuse) throw new Error('POST /turns: HTTP 501 not implemented');
      yield ev('turn.submitted', t1) as never;
      yield ev('turn.started', t1) as never;
    });
    const store = createRuntimeStore();
    const actions = createRuntimeActions(store, adapterWith(startTurn), { connection: { flush: 'sync' } });
    const result = await actions.send('fix the build', { mode: 'start' });
    expect(result).toEqual({ ok: false, reason: 'failed', error: expect.stringMatching(/HTTP 501/) });
    expect(actions.sendState.getState()).toEqual({ status: 'failed', prompt: 'fix the build', mode: 'start', error: expect.stringMatching(/HTTP 501/) });
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).toContain('write_failed');

    refuse = false;
    expect(await actions.retrySend()).toEqual({ ok: true });
    expect(startTurn).toHaveBeenLastCalledWith(expect.objectContaining({ prompt: 'fix the build', mode: 'start' }));
    expect(actions.sendState.getState()).toMatchObject({ status: 'sent', prompt: 'fix the build' });
    expect(await actions.retrySend()).toEqual({ ok: false, reason: 'ignored' });
  });

  it('is sending until the turn stream delivers, then sent', async () => {
    const ev = eventBuilder();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const actions = createRuntimeActions(createRuntimeStore(), adapterWith(async function* () {
      await gate;
      yield ev('turn.submitted', t1) as never;
    }), { connection: { flush: 'sync' } });
    const pending = actions.send('hello');
    expect(actions.sendState.getState()).toEqual({ status: 'sending', prompt: 'hello', mode: 'start' });
    release();
    expect(await pending).toEqual({ ok: true });
    expect(actions.sendState.getState()).toEqual({ status: 'sent', prompt: 'hello', mode: 'start' });
  });
});

describe('one feed per store (issue 22 item 6)', () => {
  /** A live source the test drives by hand. */
  function liveSource() {
    let handlers: SourceHandlers | undefined;
    const source: RuntimeEventSource = { start: (h) => void (handlers = h), close: () => undefined, cursor: () => undefined };
    return { source, emit: (events: unknown[]) => handlers!.events(events) };
  }
  /** A turn: submitted, started, deltas a b c, completed message, completed turn (sequences 1-7). */
  function turnEvents() {
    const ev = eventBuilder();
    return [
      ev('turn.submitted', t1, { text: 'hi' }),
      ev('turn.started', t1),
      ev('model.delta', t1, { messageId: 'm-1', delta: 'a' }),
      ev('model.delta', t1, { messageId: 'm-1', delta: 'b' }),
      ev('model.delta', t1, { messageId: 'm-1', delta: 'c' }),
      ev('model.completed', t1, { messageId: 'm-1', text: 'abc' }),
      ev('turn.completed', t1),
    ];
  }

  it('a turn stream that ends while the live stream is one event behind: no gap, no repair, one commit per distinct fact', async () => {
    vi.useFakeTimers();
    const events = turnEvents();
    const store = createRuntimeStore();
    const commits = vi.fn();
    store.subscribe(commits);
    const live = liveSource();
    const readThread = vi.fn(async () => ({}));
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    const adapter = { ...adapterWith(async function* () {
      await answered;
      // The turn's own stream lacks sequence 4, which only the live stream carries.
      for (const event of [...events.slice(0, 3), ...events.slice(4)]) yield event as never;
    }), readThread } as unknown as RuntimeProviderAdapter;
    const connection = connectRuntimeStream(store, live.source, { adapter, flush: 'sync', gapTimeoutMs: 1_000 });
    const actions = createRuntimeActions(store, adapter);
    const sending = actions.send('hi');
    live.emit(events.slice(0, 3)); // the live stream is faster than the turn's own response
    answer();
    expect(await sending).toEqual({ ok: true });
    await vi.advanceTimersByTimeAsync(500); // the turn stream has ended; the live stream is one event behind
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).not.toContain('sequence_gap');
    live.emit(events.slice(3)); // sequence 4 arrives, and 5-7 a second time
    await vi.advanceTimersByTimeAsync(2_000);
    const summary = summarize(store.getState());
    expect(summary.diagnostics.map((d) => d.code)).toEqual([]);
    expect(readThread).not.toHaveBeenCalled();
    expect(summary.turns.map((t) => t.status)).toEqual(['completed']);
    expect(summary.messages.map((m) => m.text)).toEqual(['hi', 'abc']);
    expect(store.getState().counts).toMatchObject({ applied: 7, duplicates: 0, pending: 0 });
    // Every copy that came by the second door was dropped before the store: 1-3 and 5-7.
    expect(connection.getState().crossDoorDuplicates).toBe(6);
    expect(commits.mock.calls.length).toBeLessThanOrEqual(events.length);
    connection.close();
    actions.dispose();
  });

  it('without a live connection, the actions open the store\'s one feed: a gap in a turn stream waits for the deadline, not the end', async () => {
    vi.useFakeTimers();
    const events = turnEvents();
    const store = createRuntimeStore();
    const actions = createRuntimeActions(store, adapterWith(async function* () {
      for (const event of [...events.slice(0, 3), ...events.slice(4)]) yield event as never;
    }), { connection: { flush: 'sync', gapTimeoutMs: 1_000 } });
    expect(await actions.send('hi')).toEqual({ ok: true });
    await vi.advanceTimersByTimeAsync(999);
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).not.toContain('sequence_gap');
    await vi.advanceTimersByTimeAsync(1);
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).toContain('sequence_gap');
    actions.dispose();
  });

  it('a reply that also comes on the turn stream is applied once, before the write resolves', async () => {
    const ev = eventBuilder();
    const resolved = ev('action.resolved', { ...t1, actionId: 'a-1' }, { decision: 'allow', respondedBy: 'user' }, 4);
    const head = [ev('turn.submitted', t1, { text: 'go' }, 1), ev('turn.started', t1, {}, 2), ev('action.required', { ...t1, actionId: 'a-1' }, { actionType: 'tool_permission', decisionKind: 'allow_or_deny', prompt: 'ok?' }, 3)];
    let answered!: () => void;
    const answer = new Promise<void>((r) => (answered = r));
    const adapter = {
      ...adapterWith(async function* () {
        for (const event of head) yield event as never;
        await answer;
        yield resolved as never; // the runtime's own stream carries the resolution too
      }),
      respondAction: vi.fn(async () => {
        answered();
        return resolved;
      }),
    } as unknown as RuntimeProviderAdapter;
    const store = createRuntimeStore();
    const actions = createRuntimeActions(store, adapter, { connection: { flush: 'sync' } });
    await actions.send('go');
    await vi.waitFor(() => expect(summarize(store.getState()).actions).toEqual([{ actionId: 'a-1', status: 'pending' }]));
    expect(await actions.respondAction('a-1', 'allow')).toEqual({ ok: true });
    expect(summarize(store.getState()).actions).toEqual([{ actionId: 'a-1', status: 'resolved', decision: 'allow' }]);
    await new Promise((r) => setTimeout(r, 20));
    expect(store.getState().counts).toMatchObject({ applied: 4, duplicates: 0 });
    actions.dispose();
  });
});

describe('createRuntimeActions.retryToolCall (recovery)', () => {
  it('is unavailable when the adapter cannot run a call again, and goes through the adapter when it can', async () => {
    const store = createRuntimeStore();
    const ev = eventBuilder();
    store.getState().ingest([ev('turn.started', t1), ev('tool.started', { ...t1, stepId: 's1', toolCallId: 'tc-1' }, { toolName: 'run_tests' })]);
    expect(await createRuntimeActions(store, adapterWith(vi.fn())).retryToolCall('tc-1')).toEqual({ ok: false, reason: 'unavailable' });
    const retryToolCall = vi.fn(async () => ev('tool.started', { ...t1, stepId: 's2', toolCallId: 'tc-1' }, { toolName: 'run_tests' }) as never);
    const adapter = { ...adapterWith(vi.fn()), retryToolCall };
    expect(await createRuntimeActions(store, adapter).retryToolCall('tc-1')).toEqual({ ok: true });
    expect(retryToolCall).toHaveBeenCalledWith(expect.objectContaining({ toolCallId: 'tc-1', turnId: t1.turnId }));
    const refused = { ...adapterWith(vi.fn()), retryToolCall: vi.fn(async () => Promise.reject(new Error('not now'))) };
    expect(await createRuntimeActions(store, refused).retryToolCall('tc-1')).toEqual({ ok: false, reason: 'failed', error: 'not now' });
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).toContain('write_failed');
  });
});
