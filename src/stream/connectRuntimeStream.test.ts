import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { summarize } from '../store/selectors/summarize';
import { connectRuntimeStream } from './connectRuntimeStream';
import type { FlushScheduler } from './flushScheduler';
import type { RuntimeEventSource, SourceHandlers, StreamCursor } from './types';

/** A source the test drives by hand. */
function manualSource() {
  let handlers: SourceHandlers | undefined;
  const resumed: StreamCursor[] = [];
  let closed = 0;
  const source: RuntimeEventSource = {
    start: (h) => {
      handlers = h;
    },
    close: () => {
      closed += 1;
    },
    cursor: () => undefined,
    resumeFrom: (c) => {
      resumed.push(c);
    },
  };
  return { source, emit: (events: unknown[]) => handlers!.events(events), status: (s: Parameters<NonNullable<SourceHandlers['status']>>[0]) => handlers!.status!(s), resumed, closed: () => closed };
}

/** A frame scheduler the test steps by hand: `frames` holds the flushes waiting for a frame. */
function manualFrames() {
  const frames: (() => void)[] = [];
  const perFrame: FlushScheduler = (flush) => {
    frames.push(flush);
    return () => frames.splice(frames.indexOf(flush), 1);
  };
  return { frames, perFrame };
}

/** A store connected to a hand-driven source, flushed by hand-stepped frames, its updates counted. */
function perFrameConnection() {
  const { frames, perFrame } = manualFrames();
  const store = createRuntimeStore();
  const updates = vi.fn();
  store.subscribe(updates);
  const m = manualSource();
  const connection = connectRuntimeStream(store, m.source, { flush: perFrame });
  return { frames, ev: eventBuilder(), store, updates, m, connection };
}

const t1 = turn();
afterEach(() => vi.useRealTimers());

describe('connectRuntimeStream', () => {
  it('applies at most one store update per frame, however many deliveries arrive in it', () => {
    const { frames, ev, store, updates, m, connection } = perFrameConnection();
    for (let i = 0; i < 40; i++) m.emit([ev('model.delta', t1, { delta: 'x' }), ev('model.delta', t1, { delta: 'y' })]);
    expect(updates).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(updates).toHaveBeenCalledTimes(1);
    expect(store.getState().counts.applied).toBe(80);
    expect(connection.getState().storeUpdates).toBe(1);
  });

  it('a backlog larger than one frame can apply drains over the next frames, one store update each, in order and whole', () => {
    const { frames, ev, store, updates, m, connection } = perFrameConnection();
    const backlog = [ev('turn.started', t1)];
    for (let i = 0; i < 20_000; i++) backlog.push(ev('model.delta', t1, { delta: `${i % 10}` }));
    m.emit(backlog);
    let ran = 0;
    while (frames.length > 0 && ran < 1_000) {
      const before = store.getState().counts.received;
      frames.shift()!();
      ran += 1;
      expect(store.getState().counts.received).toBeGreaterThan(before);
      // Each frame applies one slice: never the whole backlog in the first.
      if (ran === 1) expect(store.getState().counts.received).toBeLessThan(backlog.length);
    }
    expect(ran).toBeGreaterThan(1);
    expect(updates).toHaveBeenCalledTimes(ran);
    expect(connection.getState().storeUpdates).toBe(ran);
    expect(store.getState().counts.applied).toBe(backlog.length);
    const part = store.getState().parts.byId.get(store.getState().parts.ids[0]!)!;
    expect(part.text).toBe(Array.from({ length: 20_000 }, (_, i) => `${i % 10}`).join(''));
  });

  it('an explicit flush applies the whole buffer at once', () => {
    const { frames, perFrame } = manualFrames();
    const ev = eventBuilder();
    const store = createRuntimeStore();
    const m = manualSource();
    const connection = connectRuntimeStream(store, m.source, { flush: perFrame });
    const backlog = Array.from({ length: 5_000 }, (_, i) => ev('model.delta', t1, { delta: `${i}` }));
    m.emit(backlog);
    connection.flush();
    expect(store.getState().counts.received).toBe(backlog.length);
    expect(frames).toHaveLength(0);
  });

  it('a disconnect marks the view stale at once, repairs from readThread and resumes after the snapshot cursor', async () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    const m = manualSource();
    const readThread = vi.fn(async () => ({ threadId: 'thread-1', sessionId: 'sess-unit', status: 'running', turns: [{ turnId: 'turn-1', status: 'running' }], cursor: 9 }));
    let clock = 0;
    const connection = connectRuntimeStream(store, m.source, { flush: 'sync', adapter: { readThread }, now: () => clock });
    m.emit([ev('turn.started', t1)]);
    m.status('reconnecting');
    expect(store.getState().session).toMatchObject({ stale: true, staleReason: 'disconnected' });
    expect(connection.getState().status).toBe('repairing');
    clock = 120;
    await vi.waitFor(() => expect(m.resumed).toEqual([{ sequence: 9 }]));
    expect(readThread).toHaveBeenCalledWith({ sessionId: 'sess-unit', threadId: undefined });
    expect(store.getState().session.stale).toBe(false);
    expect(connection.getState()).toMatchObject({ status: 'open', lastRepairMs: 120 });
  });

  it('a gap that does not fill within the deadline is declared and repaired', async () => {
    vi.useFakeTimers();
    const ev = eventBuilder();
    const store = createRuntimeStore();
    const m = manualSource();
    const readThread = vi.fn(async () => ({ threadId: 'thread-1', status: 'running', turns: [], cursor: 3 }));
    connectRuntimeStream(store, m.source, { flush: 'sync', adapter: { readThread }, gapTimeoutMs: 500 });
    const events = [ev('turn.started', t1), ev('model.delta', t1, { delta: 'a' }), ev('model.delta', t1, { delta: 'b' }), ev('model.delta', t1, { delta: 'c' })];
    m.emit([events[0], events[3]]);
    expect(store.getState().counts.pending).toBe(1);
    vi.advanceTimersByTime(499);
    expect(readThread).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).toEqual(['sequence_gap']);
    await vi.waitFor(() => expect(readThread).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(m.resumed).toEqual([{ sequence: 3 }]));
    // The waiting event after the cursor applies on top of the repaired state.
    expect(store.getState().counts.pending).toBe(0);
    expect(summarize(store.getState()).messages[0]!.text).toBe('c');
  });

  it('repeated repair failure backs off, surfaces an error with a retry control, and appends nothing meanwhile', async () => {
    vi.useFakeTimers();
    const store = createRuntimeStore();
    const m = manualSource();
    const readThread = vi.fn(async () => {
      throw new Error('503');
    });
    const connection = connectRuntimeStream(store, m.source, { flush: 'sync', adapter: { readThread }, maxRepairAttempts: 3, repairBackoff: { initialMs: 100, jitter: 0 } });
    m.status('reconnecting');
    await vi.advanceTimersByTimeAsync(100);
    await vi.advanceTimersByTimeAsync(200);
    expect(readThread).toHaveBeenCalledTimes(3);
    expect(connection.getState()).toMatchObject({ status: 'error', repairAttempts: 3, error: expect.stringMatching(/could not be repaired: 503/) });
    expect(store.getState().session.stale).toBe(true);
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).toEqual(['repair_failed', 'repair_failed', 'repair_failed']);
    readThread.mockResolvedValueOnce({ threadId: 't', status: 'idle', turns: [] } as never);
    connection.retry();
    await vi.waitFor(() => expect(store.getState().session.stale).toBe(false));
  });

  it('close releases the source and every timer', () => {
    vi.useFakeTimers();
    const ev = eventBuilder();
    const store = createRuntimeStore();
    const m = manualSource();
    const connection = connectRuntimeStream(store, m.source, { flush: 'frame', gapTimeoutMs: 1000 });
    m.emit([ev('turn.started', t1, {}, 1), ev('model.delta', t1, { delta: 'x' }, 3)]);
    connection.flush();
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    connection.close();
    expect(m.closed()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('connectRuntimeStream: the bugs the state machine removes', () => {
  const snapshot = (cursor: number) => ({ threadId: 'thread-1', sessionId: 'sess-unit', status: 'running', turns: [{ turnId: 'turn-1', status: 'running' }], cursor });

  it('bug 6: a stream that ends during a repair is reported ended, not open forever', async () => {
    vi.useFakeTimers();
    const ev = eventBuilder();
    const store = createRuntimeStore();
    const m = manualSource();
    const turnSource = { ...m.source, resumeFrom: undefined };
    let answer!: (value: unknown) => void;
    const readThread = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const connection = connectRuntimeStream(store, turnSource, { flush: 'sync', adapter: { readThread } as never, gapTimeoutMs: 100 });
    m.status('open');
    m.emit([ev('turn.started', t1), ev('model.delta', t1, { delta: 'b' }, 3)]);
    vi.advanceTimersByTime(100);
    expect(connection.getState().status).toBe('repairing');
    m.status('ended');
    answer(snapshot(2));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().session.stale).toBe(false);
    expect(connection.getState().status).toBe('ended');
  });

  it('bug 7: a snapshot behind the store repairs once per stale episode, and repeats only after a backoff', async () => {
    vi.useFakeTimers();
    const ev = eventBuilder();
    const store = createRuntimeStore();
    const m = manualSource();
    const readThread = vi.fn(async () => snapshot(1));
    connectRuntimeStream(store, m.source, { flush: 'sync', adapter: { readThread } as never, repairBackoff: { initialMs: 100, jitter: 0 } });
    m.emit([ev('turn.started', t1, {}, 1), ev('model.delta', t1, { delta: 'a' }, 2), ev('model.delta', t1, { delta: 'b' }, 3)]);
    for (let batch = 0; batch < 6; batch++) {
      // A late event: its place (sequence 2) has passed; the session goes stale with `late_event`.
      m.emit([ev('model.delta', t1, { delta: 'late' }, 2)]);
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(store.getState().session.staleReason).toBe('late_event');
    expect(readThread).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(readThread).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(readThread).toHaveBeenCalledTimes(2);
  });

  it('bug 13: the end of a turn stream settles its own session, never another stream’s gap', () => {
    vi.useFakeTimers();
    const live = eventBuilder('sess-live');
    const turnEvents = eventBuilder('sess-turn');
    const store = createRuntimeStore();
    const liveSource = manualSource();
    const turnSource = manualSource();
    connectRuntimeStream(store, liveSource.source, { flush: 'sync', gapTimeoutMs: 60_000 });
    connectRuntimeStream(store, turnSource.source, { flush: 'sync' });
    liveSource.emit([live('turn.started', t1), live('model.delta', t1, { delta: 'x' }, 3)]);
    turnSource.emit([turnEvents('turn.started', turn('turn-9'))]);
    turnSource.status('ended');
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).not.toContain('sequence_gap');
    expect(store.getState().session.stale).toBe(false);
    expect(store.getState().counts.pending).toBe(1);
  });

  it('bug 14: a published connection state is never changed afterwards', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    const m = manualSource();
    const connection = connectRuntimeStream(store, m.source, { flush: 'sync' });
    const seen: [number, number][] = [];
    connection.subscribe((state, previous) => seen.push([previous.storeUpdates, state.storeUpdates]));
    const before = connection.getState();
    m.emit([ev('turn.started', t1)]);
    m.emit([ev('model.delta', t1, { delta: 'a' })]);
    expect(before.storeUpdates).toBe(0);
    expect(connection.getState().storeUpdates).toBe(2);
    expect(seen).toEqual([[0, 1], [1, 2]]);
  });
});
