// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { StrictMode, memo } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { replaySource } from '../stream/replaySource';
import type { RuntimeEventSource, SourceHandlers } from '../stream/types';
import { RuntimeProvider } from './RuntimeProvider';
import { useConnectionState } from './useConnectionState';
import { useRuntimeActions, useRuntimeLabels } from './useRuntimeContext';
import { useRuntimeSelector } from './useRuntimeSelector';
import { useRuntimeStream, type StreamInput } from './useRuntimeStream';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const t1 = turn();

describe('useRuntimeSelector', () => {
  it('a text delta re-renders only the streaming part; a tool progress event only its row', () => {
    const renders: Record<string, number> = {};
    const count = (key: string) => (renders[key] = (renders[key] ?? 0) + 1);
    const Part = memo(({ id }: { id: string }) => {
      const part = useRuntimeSelector((s) => s.parts.byId.get(id));
      count(`part:${id}`);
      return <span>{part?.text ?? part?.kind}</span>;
    });
    const Message = memo(({ id }: { id: string }) => {
      const message = useRuntimeSelector((s) => s.messages.byId.get(id));
      count(`message:${id}`);
      return <p>{message?.partIds.map((p) => <Part key={p} id={p} />)}</p>;
    });
    const ToolRow = memo(({ id }: { id: string }) => {
      const tool = useRuntimeSelector((s) => s.toolCalls.byId.get(id));
      count(`tool:${id}`);
      return <div>{tool?.progress}</div>;
    });
    function Conversation() {
      const messages = useRuntimeSelector((s) => s.messages);
      const tools = useRuntimeSelector((s) => s.toolCalls);
      count('conversation');
      return (
        <>
          {messages.ids.map((id) => <Message key={id} id={id} />)}
          {tools.ids.map((id) => <ToolRow key={id} id={id} />)}
        </>
      );
    }
    const ev = eventBuilder();
    const store = createRuntimeStore();
    const tool = (n: number) => ({ ...t1, stepId: `s${n}`, toolCallId: `tc-${n}` });
    store.getState().ingest([ev('model.delta', t1, { delta: 'Hello' }), ev('tool.started', tool(1)), ev('tool.started', tool(2)), ev('model.delta', t1, { delta: ' wor' })]);
    render(<RuntimeProvider store={store}><Conversation /></RuntimeProvider>);
    const before = { ...renders };
    act(() => void store.getState().ingest([ev('model.delta', t1, { delta: 'ld' })]));
    const textPart = store.getState().messages.byId.get('turn-1:assistant')!.partIds[3]!;
    const delta = Object.fromEntries(Object.entries(renders).map(([k, v]) => [k, v - (before[k] ?? 0)]).filter(([, v]) => v !== 0));
    expect(delta).toEqual({ [`part:${textPart}`]: 1 });
    const beforeProgress = { ...renders };
    act(() => void store.getState().ingest([ev('tool.progress', tool(2), { progress: 0.5 })]));
    const changed = Object.fromEntries(Object.entries(renders).map(([k, v]) => [k, v - (beforeProgress[k] ?? 0)]).filter(([, v]) => v !== 0));
    expect(changed).toEqual({ 'tool:tc-2': 1, conversation: 1 });
    expect(screen.getByText('Hello')).toBeTruthy();
  });
});

function spySource(events: unknown[] = []) {
  const calls = { start: 0, close: 0 };
  let handlers: SourceHandlers | undefined;
  const source: RuntimeEventSource = {
    start(h) {
      calls.start += 1;
      handlers = h;
      h.status?.('open');
      if (events.length) h.events(events);
    },
    close() {
      calls.close += 1;
    },
    cursor: () => undefined,
  };
  return { source, calls, handlers: () => handlers };
}

function Status({ input }: { input: StreamInput }) {
  const stream = useRuntimeStream(input, { flush: 'sync' });
  const applied = useRuntimeSelector((s) => s.counts.applied);
  return <output>{`${stream.status} ${stream.stale ? 'stale' : 'fresh'} ${applied}`}</output>;
}

describe('useRuntimeStream', () => {
  it('connects, ingests and reports the connection state', () => {
    const ev = eventBuilder();
    const source = replaySource([ev('turn.started', t1), ev('model.delta', t1, { delta: 'a' })], { autoplay: false });
    render(<RuntimeProvider><Status input={source} /></RuntimeProvider>);
    expect(screen.getByRole('status').textContent).toBe('open fresh 0');
    act(() => source.end());
    expect(screen.getByRole('status').textContent).toBe('ended fresh 2');
  });

  it('survives StrictMode double effects with one connection, and closes it on unmount without leaking timers', () => {
    vi.useFakeTimers();
    const spy = spySource();
    const view = render(<StrictMode><RuntimeProvider><Status input={spy.source} /></RuntimeProvider></StrictMode>);
    act(() => vi.runOnlyPendingTimers());
    expect(spy.calls).toEqual({ start: 1, close: 0 });
    view.unmount();
    act(() => vi.runOnlyPendingTimers());
    expect(spy.calls).toEqual({ start: 1, close: 1 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('closes the old source and starts the new one when the input changes', () => {
    vi.useFakeTimers();
    const a = spySource();
    const b = spySource();
    const view = render(<RuntimeProvider><Status input={a.source} /></RuntimeProvider>);
    view.rerender(<RuntimeProvider><Status input={b.source} /></RuntimeProvider>);
    act(() => vi.runOnlyPendingTimers());
    expect(a.calls).toEqual({ start: 1, close: 1 });
    expect(b.calls).toEqual({ start: 1, close: 0 });
  });

  it('an endpoint object recreated on every render does not reconnect', () => {
    const fetchSpy = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchSpy);
    const view = render(<RuntimeProvider><Status input={{ url: '/events' }} /></RuntimeProvider>);
    view.rerender(<RuntimeProvider><Status input={{ url: '/events' }} /></RuntimeProvider>);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('is idle without input', () => {
    render(<RuntimeProvider><Status input={null} /></RuntimeProvider>);
    expect(screen.getByRole('status').textContent).toBe('idle fresh 0');
  });

  it('opens a history through hydrate first, reports its progress, then starts the live source after it', async () => {
    const ev = eventBuilder();
    const past = [ev('turn.started', t1), ...Array.from({ length: 50 }, (_, i) => ev('model.delta', t1, { delta: `${i} ` }))];
    const history = `${past.map((e) => JSON.stringify(e)).join('\n')}\nnot json\n`;
    const spy = spySource();
    const seen: string[] = [];
    function WithHistory() {
      const stream = useRuntimeStream(spy.source, { flush: 'sync', history });
      const applied = useRuntimeSelector((s) => s.counts.applied);
      seen.push(`${stream.history?.done} ${stream.history?.applied} ${applied} ${spy.calls.start}`);
      return <output>{`${stream.history?.done ? 'loaded' : 'loading'} ${applied}`}</output>;
    }
    const store = createRuntimeStore();
    render(<RuntimeProvider store={store}><WithHistory /></RuntimeProvider>);
    expect(spy.calls.start).toBe(0);
    await screen.findByText(`loaded ${past.length}`);
    // The live source started only after every past event was applied, and continues the order.
    expect(spy.calls.start).toBe(1);
    expect(seen.filter((line) => line.endsWith(' 1')).every((line) => line.startsWith(`true ${past.length} ${past.length}`))).toBe(true);
    act(() => spy.handlers()!.events([ev('model.delta', t1, { delta: 'live' })]));
    expect(screen.getByRole('status').textContent).toBe(`loaded ${past.length + 1}`);
    expect(store.getState().session.stale).toBe(false);
    expect([...store.getState().diagnostics.byId.values()].map((d) => `${d.code}@${d.line}`)).toEqual([`invalid_json@${past.length + 1}`]);
  });
});

describe('useRuntimeActions', () => {
  it('writes are unavailable without an adapter, and respondAction goes through the adapter once', async () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'ok?' })]);
    let actions: ReturnType<typeof useRuntimeActions> | undefined;
    function Grab() {
      actions = useRuntimeActions();
      return null;
    }
    const { rerender } = render(<RuntimeProvider store={store}><Grab /></RuntimeProvider>);
    expect(await actions!.send('hi')).toEqual({ ok: false, reason: 'unavailable' });
    const respondAction = vi.fn(async () => ev('action.resolved', { ...t1, actionId: 'a1' }, { decision: 'allow' }));
    const adapter = { respondAction, startTurn: vi.fn(), cancelTurn: vi.fn(), readThread: vi.fn() };
    rerender(<RuntimeProvider store={store} adapter={adapter as never}><Grab /></RuntimeProvider>);
    const [first, second] = await Promise.all([actions!.respondAction('a1', 'allow'), actions!.respondAction('a1', 'allow')]);
    expect([first, second]).toEqual([{ ok: true }, { ok: false, reason: 'ignored' }]);
    expect(respondAction).toHaveBeenCalledTimes(1);
    expect(store.getState().actions.byId.get('a1')).toMatchObject({ status: 'resolved', decision: 'allow' });
  });
});

describe('the published connection (bug 19)', () => {
  it('an error reaches useRuntimeStream and, through the provider, any component; retry restarts the stream', () => {
    const resumed: unknown[] = [];
    let handlers: SourceHandlers | undefined;
    const source: RuntimeEventSource = {
      start: (h) => {
        handlers = h;
        h.status?.('open');
      },
      close: () => undefined,
      cursor: () => ({ sequence: 4 }),
      resumeFrom: (cursor) => void resumed.push(cursor),
    };
    let streamResult: ReturnType<typeof useRuntimeStream> | undefined;
    function Live() {
      streamResult = useRuntimeStream(source, { flush: 'sync' });
      return null;
    }
    function Header() {
      const connection = useConnectionState();
      return (
        <div>
          <output>{`${connection.status}${connection.error ? `: ${connection.error}` : ''}`}</output>
          <button type="button" onClick={connection.retry}>Retry</button>
        </div>
      );
    }
    render(<RuntimeProvider><Header /><Live /></RuntimeProvider>);
    expect(screen.getByRole('status').textContent).toBe('open');
    act(() => handlers!.status!('error', { error: 'gave up after 10 reconnects' }));
    expect(streamResult).toMatchObject({ status: 'error', error: 'gave up after 10 reconnects' });
    expect(screen.getByRole('status').textContent).toBe('error: gave up after 10 reconnects');
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    expect(resumed).toEqual([{ sequence: 4 }]);
    act(() => streamResult!.controls.retry());
    expect(resumed).toHaveLength(2);
  });

  it('is idle without a stream, and goes back to idle when the stream closes', () => {
    vi.useFakeTimers();
    const spy = spySource();
    function Header() {
      return <output>{useConnectionState().status}</output>;
    }
    function Live({ on }: { on: boolean }) {
      useRuntimeStream(on ? spy.source : null);
      return null;
    }
    const view = render(<RuntimeProvider><Header /><Live on={false} /></RuntimeProvider>);
    expect(screen.getByRole('status').textContent).toBe('idle');
    view.rerender(<RuntimeProvider><Header /><Live on /></RuntimeProvider>);
    expect(screen.getByRole('status').textContent).toBe('open');
    view.rerender(<RuntimeProvider><Header /><Live on={false} /></RuntimeProvider>);
    act(() => vi.runOnlyPendingTimers());
    expect(screen.getByRole('status').textContent).toBe('idle');
  });
});

describe('the provider keeps what did not change', () => {
  it('switching the provider store feeds the new store, not the old one (bug 8)', () => {
    vi.useFakeTimers();
    const ev = eventBuilder();
    const spy = spySource();
    const a = createRuntimeStore();
    const b = createRuntimeStore();
    const view = render(<RuntimeProvider store={a}><Status input={spy.source} /></RuntimeProvider>);
    view.rerender(<RuntimeProvider store={b}><Status input={spy.source} /></RuntimeProvider>);
    act(() => vi.runOnlyPendingTimers());
    act(() => spy.handlers()!.events([ev('turn.started', t1)]));
    expect(b.getState().counts.applied).toBe(1);
    expect(a.getState().counts.applied).toBe(0);
  });

  it('an inline actionsOptions object neither recreates the actions nor closes their turn streams (bug 9)', async () => {
    vi.useFakeTimers();
    const returned = vi.fn();
    const startTurn = vi.fn(() => ({
      [Symbol.asyncIterator]: () => ({ next: () => new Promise<IteratorResult<never>>(() => undefined), return: async () => (returned(), { done: true as const, value: undefined }) }),
    }));
    const adapter = { startTurn, cancelTurn: vi.fn(), respondAction: vi.fn(), readThread: vi.fn() } as never;
    const seen = new Set<unknown>();
    function Grab() {
      const actions = useRuntimeActions();
      seen.add(actions);
      return null;
    }
    const store = createRuntimeStore();
    const view = render(<RuntimeProvider store={store} adapter={adapter} actionsOptions={{ threadId: 'thread-1' }}><Grab /></RuntimeProvider>);
    const first = seen.values().next().value as ReturnType<typeof useRuntimeActions>;
    void first.send('hi');
    view.rerender(<RuntimeProvider store={store} adapter={adapter} actionsOptions={{ threadId: 'thread-2' }}><Grab /></RuntimeProvider>);
    act(() => vi.runOnlyPendingTimers());
    expect(seen.size).toBe(1);
    expect(returned).not.toHaveBeenCalled();
    // The latest options are the ones a write uses.
    void first.send('again');
    expect(startTurn).toHaveBeenLastCalledWith(expect.objectContaining({ threadId: 'thread-2', prompt: 'again' }));
  });

  it('an inline labels object with the same content re-renders no consumer (bug 9)', () => {
    let renders = 0;
    const Consumer = memo(function Consumer() {
      renders += 1;
      return <span>{useRuntimeLabels()['fact.unknown'] ?? 'none'}</span>;
    });
    const store = createRuntimeStore();
    const view = render(<RuntimeProvider store={store} labels={{ 'fact.unknown': 'Hallo' }}><Consumer /></RuntimeProvider>);
    view.rerender(<RuntimeProvider store={store} labels={{ 'fact.unknown': 'Hallo' }}><Consumer /></RuntimeProvider>);
    expect(renders).toBe(1);
    view.rerender(<RuntimeProvider store={store} labels={{ 'fact.unknown': 'Servus' }}><Consumer /></RuntimeProvider>);
    expect(renders).toBe(2);
    expect(screen.getByText('Servus')).toBeTruthy();
  });
});

describe('a dead server reaches the screen (bug 19)', () => {
  it('an SSE endpoint whose server died ends in error with the reason; the published retry repairs again', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('fetch failed'); }));
    const readThread = vi.fn(async () => { throw new Error('GET /thread: connection refused'); });
    const adapter = { readThread, startTurn: vi.fn(), cancelTurn: vi.fn(), respondAction: vi.fn() } as never;
    function Header() {
      const connection = useConnectionState();
      return (
        <div>
          <output>{`${connection.status}${connection.error ? `: ${connection.error}` : ''}`}</output>
          <button type="button" onClick={connection.retry}>Retry</button>
        </div>
      );
    }
    function Live() {
      useRuntimeStream({ url: 'http://127.0.0.1:1/events' });
      return null;
    }
    render(<RuntimeProvider adapter={adapter}><Header /><Live /></RuntimeProvider>);
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(screen.getByRole('status').textContent).toMatch(/^(repairing|reconnecting)/);
    await act(async () => void (await vi.advanceTimersByTimeAsync(10_000)));
    expect(readThread).toHaveBeenCalledTimes(5);
    expect(screen.getByRole('status').textContent).toBe('error: the stream could not be repaired: GET /thread: connection refused');
    readThread.mockResolvedValueOnce({ threadId: 'thread-1', status: 'idle', turns: [] } as never);
    await act(async () => {
      screen.getByRole('button', { name: 'Retry' }).click();
      await vi.advanceTimersByTimeAsync(0);
    });
    // The snapshot repaired the view; the stream is still down, so a new episode starts repairing again.
    expect(readThread.mock.calls.length).toBeGreaterThanOrEqual(6);
    expect(screen.getByRole('status').textContent).toMatch(/^(repairing|reconnecting|connecting)/);
    vi.unstubAllGlobals();
  });
});
