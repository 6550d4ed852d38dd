import type { RuntimeEventSource, SourceHandlers } from '../stream/types';
import { recordSession } from './sessionRecorder';

/** A source the test drives by hand. */
function handSource() {
  let handlers: SourceHandlers | undefined;
  let closed = 0;
  const source: RuntimeEventSource = {
    start: (h) => void (handlers = h),
    close: () => void (closed += 1),
    cursor: () => undefined,
  };
  return { source, emit: (...events: unknown[]) => handlers!.events(events), handlers: () => handlers!, closed: () => closed };
}

const event = (sequence: number, type: string, payload: Record<string, unknown> = {}) => ({
  schemaVersion: 'lime-profile-0.4.0', runtimeId: 'rt', sessionId: 's', threadId: 't', turnId: 'turn-1',
  eventId: `e${sequence}`, sequence, timestamp: '2026-06-09T10:00:00.000Z', type, payload,
});

function recorder(options: Partial<Parameters<typeof recordSession>[1]> = {}) {
  const hand = handSource();
  const written: string[] = [];
  const run = recordSession(hand.source, { write: (lines) => written.push(lines), settleMs: 0, ...options });
  const lines = () => written.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { eventId: string; payload: Record<string, unknown> });
  return { ...hand, run, lines };
}

describe('recordSession', () => {
  it('writes each event once, in arrival order, and stops after the turn it saw ends (keeping what comes right after)', async () => {
    const r = recorder({ settleMs: 20 });
    r.emit(event(1, 'turn.submitted'), event(2, 'turn.started'));
    r.emit(event(2, 'turn.started'), event(3, 'model.delta', { delta: 'hi' })); // a reconnect's re-send
    r.emit(event(4, 'turn.completed'));
    r.emit(event(5, 'snapshot.updated'));
    const report = await r.run.done;
    expect(r.lines().map((e) => e.eventId)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5']);
    expect(report).toMatchObject({ written: 5, duplicates: 1, firstSequence: 1, lastSequence: 5, stoppedBy: 'turn-end' });
    expect(r.closed()).toBe(1);
  });

  it('waits for every turn it saw to end, aliases included', async () => {
    const r = recorder();
    r.emit(event(1, 'turn.started'), { ...event(2, 'turn.started'), turnId: 'turn-2' });
    r.emit(event(3, 'run.finished')); // alias of turn.completed, for turn-1 only
    await new Promise((resolve) => setTimeout(resolve, 10));
    r.emit({ ...event(4, 'turn.failed'), turnId: 'turn-2' });
    expect((await r.run.done).written).toBe(4);
  });

  it('with until: end, a turn end does not stop it; the stream end does', async () => {
    const r = recorder({ until: 'end' });
    r.emit(event(1, 'turn.started'), event(2, 'turn.completed'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    r.emit(event(3, 'turn.started'));
    r.handlers().status?.('ended');
    expect(await r.run.done).toMatchObject({ written: 3, stoppedBy: 'stream-end' });
  });

  it('redacts secrets before writing and reports where, by line', async () => {
    const r = recorder({ firstLine: 11 });
    r.emit(event(1, 'turn.started'), event(2, 'tool.started', { toolName: 'deploy', safeArgs: { password: 'hunter2', region: 'eu' } }));
    r.run.stop();
    const report = await r.run.done;
    expect(JSON.stringify(r.lines())).not.toContain('hunter2');
    expect(r.lines()[1]!.payload.safeArgs).toEqual({ password: '[redacted]', region: 'eu' });
    expect(report.redactions).toEqual([{ line: 12, eventId: 'e2', type: 'tool.started', path: 'payload.safeArgs.password', kind: 'value' }]);
    expect(report.stoppedBy).toBe('stopped');
  });

  it('does not write again what a resumed recording holds, skips values that are not events, and ends on a failed source', async () => {
    const r = recorder({ recorded: ['e1', 'e2'] });
    r.emit(event(1, 'turn.started'), event(2, 'model.delta'), 'not an event', event(3, 'model.delta'));
    r.handlers().diagnostic?.({ code: 'malformed_frame', severity: 'error', message: 'frame 4 is not JSON' });
    r.handlers().status?.('error', { error: 'gave up after 10 reconnects' });
    const report = await r.run.done;
    expect(r.lines().map((e) => e.eventId)).toEqual(['e3']);
    expect(report).toMatchObject({ written: 1, duplicates: 2, skipped: 1, stoppedBy: 'error', error: 'gave up after 10 reconnects', diagnostics: ['malformed_frame: frame 4 is not JSON'] });
  });
});
