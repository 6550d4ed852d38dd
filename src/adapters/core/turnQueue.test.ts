import { describe, expect, it } from 'vitest';
import { createEnvelopeFactory } from './envelopeFactory';
import { ActiveTurn, startActiveTurn } from './activeTurn';
import { TurnQueue, type WaitingInput } from './turnQueue';
import { queuePayload } from './adapterSession';
import type { RuntimeEventEnvelope } from '../../protocol/events';

const factory = () => createEnvelopeFactory({ sessionId: 's', threadId: 'th', clock: () => 0 });
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** A queue whose line facts are recorded in `lines` (prompts per fact). */
function queueOf<T extends { turnId: string }>() {
  const events = factory();
  const lines: string[][] = [];
  const queue = new TurnQueue<T>({
    queueChanged: (line: readonly WaitingInput[]) => {
      lines.push(line.map((input) => `${input.mode}:${input.prompt}`));
      return events.event('queue.changed', {}, queuePayload(line));
    },
  });
  return { queue, lines, events };
}

/** A turn that yields started, then waits for `release()` (or an abort), then completes (or is cancelled). */
function heldTurn(events: ReturnType<typeof factory>, turn: ActiveTurn, log: string[]) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  async function* run(): AsyncGenerator<RuntimeEventEnvelope> {
    log.push(`${turn.turnId} runs`);
    yield events.event('turn.started', { turnId: turn.turnId });
    await Promise.race([released, new Promise<void>((resolve) => turn.controller.signal.addEventListener('abort', () => resolve()))]);
    yield events.event(turn.aborted ? 'turn.cancelled' : 'turn.completed', { turnId: turn.turnId });
  }
  return { run, release };
}

const drain = async (events: AsyncIterable<RuntimeEventEnvelope>, into: string[]) => {
  for await (const event of events) into.push(`${event.type}${event.turnId ? ` ${event.turnId}` : ''}`);
};

describe('turn queue', () => {
  it('a turn submitted while one runs waits, visibly, and starts only when the first ended: two never run at once', async () => {
    const { queue, lines, events } = queueOf<ActiveTurn>();
    const log: string[] = [];
    const one = new ActiveTurn('t1');
    const two = new ActiveTurn('t2');
    const first = heldTurn(events, one, log);
    const second = heldTurn(events, two, log);
    const seen1: string[] = [];
    const seen2: string[] = [];
    const reading1 = drain(queue.submit(one, 'first', first.run), seen1);
    await tick();
    const reading2 = drain(queue.submit(two, 'second', second.run), seen2);
    await tick();
    // The second is in the line, not running: its run was not even called.
    expect(log).toEqual(['t1 runs']);
    expect(seen2).toEqual(['queue.changed']);
    expect(lines).toEqual([['queue:second']]);
    expect(queue.current).toBe(one);
    first.release();
    await reading1;
    await tick();
    expect(log).toEqual(['t1 runs', 't2 runs']);
    expect(queue.current).toBe(two);
    second.release();
    await reading2;
    // The line is said empty before the queued turn's own facts.
    expect(seen2).toEqual(['queue.changed', 'queue.changed', 'turn.started t2', 'turn.completed t2']);
    expect(lines).toEqual([['queue:second'], []]);
    expect(queue.current).toBeUndefined();
  });

  it('cancelling a waiting turn takes it out of the line (answered with the queue fact); cancelling the running one answers with its terminal event', async () => {
    const { queue, lines, events } = queueOf<ActiveTurn>();
    const log: string[] = [];
    const one = new ActiveTurn('t1');
    const two = new ActiveTurn('t2');
    const first = heldTurn(events, one, log);
    const seen1: string[] = [];
    const seen2: string[] = [];
    const reading1 = drain(queue.submit(one, 'first', first.run), seen1);
    await tick();
    const reading2 = drain(queue.submit(two, 'second', heldTurn(events, two, log).run), seen2);
    await tick();
    const dequeued = await queue.cancel({ turnId: 't2' }, (turn) => turn.abort());
    expect(dequeued).toMatchObject({ type: 'queue.changed', payload: { queue: [] } });
    await reading2;
    expect(seen2).toEqual(['queue.changed']);
    const cancelled = await queue.cancel({}, (turn) => turn.abort());
    await reading1;
    expect(cancelled).toMatchObject({ type: 'turn.cancelled', turnId: 't1' });
    expect(log).toEqual(['t1 runs']);
    expect(lines).toEqual([['queue:second'], []]);
    await expect(queue.cancel({}, () => undefined)).rejects.toThrow('no running turn to cancel');
  });

  it('a consumer that stops reading a waiting turn takes it out of the line; held steering messages are listed before queued turns', async () => {
    const { queue, lines, events } = queueOf<ActiveTurn>();
    const one = new ActiveTurn('t1');
    const first = heldTurn(events, one, []);
    const reading1 = drain(queue.submit(one, 'first', first.run), []);
    await tick();
    const waiting = queue.submit(new ActiveTurn('t2'), 'second', heldTurn(events, new ActiveTurn('t2'), []).run)[Symbol.asyncIterator]();
    await waiting.next();
    queue.hold({ queueId: 'steer-1', prompt: 'use Paris', mode: 'steer' });
    await waiting.return?.(undefined);
    expect(queue.release('steer-1')).toMatchObject({ type: 'queue.changed' });
    expect(queue.release('steer-1')).toBeUndefined();
    expect(lines).toEqual([['queue:second'], ['steer:use Paris', 'queue:second'], []]);
    first.release();
    await reading1;
    expect(queue.busy).toBe(false);
  });

  it("an answer resolves only on the runtime's action.resolved; one the turn never acted on fails when it ends", async () => {
    const { queue, events } = queueOf<ActiveTurn>();
    const turn = new ActiveTurn('t1');
    const acted = turn.resolution('a1');
    const ignored = turn.resolution('a2');
    const output = turn.toolOutcome('tc-1');
    let settled = false;
    void acted.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    async function* run(): AsyncGenerator<RuntimeEventEnvelope> {
      yield turn.observe(events.event('action.resolved', { turnId: 't1', actionId: 'a1' }, { decision: 'allow' }));
      yield turn.observe(events.event('tool.result', { turnId: 't1', stepId: 's', toolCallId: 'tc-1' }, { preview: 'ok' }));
      yield turn.observe(events.event('turn.completed', { turnId: 't1' }));
    }
    for await (const _ of queue.submit(turn, 'go', run, () => turn.finish()));
    expect((await acted).payload).toEqual({ decision: 'allow' });
    expect((await output).type).toBe('tool.result');
    await expect(ignored).rejects.toThrow('turn t1 ended before the runtime acted on the answer');
  });

  it('untilAnswered sleeps until the last answer, or returns false when a cancel wakes it', async () => {
    const answered = new ActiveTurn('t1');
    const answers = new Set<string>();
    const waiting = answered.untilAnswered(() => answers.size < 2);
    answers.add('a');
    answered.wake();
    await tick();
    let done: boolean | undefined;
    void waiting.then((value) => (done = value));
    await tick();
    expect(done).toBeUndefined(); // one answer of two: still asleep
    answers.add('b');
    answered.wake();
    expect(await waiting).toBe(true);

    const cancelled = new ActiveTurn('t2');
    const cut = cancelled.untilAnswered(() => true);
    cancelled.abort();
    expect(await cut).toBe(false);
  });

  it('startActiveTurn ends the turn with its snapshot point, observed, and fails answers it never acted on', async () => {
    const { queue, events } = queueOf<ActiveTurn>();
    const turn = new ActiveTurn('t1');
    async function* run(): AsyncGenerator<RuntimeEventEnvelope> {
      yield events.event('turn.completed', { turnId: 't1' });
    }
    const unanswered = turn.resolution('action-1');
    const seen: string[] = [];
    for await (const e of startActiveTurn(queue, turn, 'go', run, () => events.event('snapshot.updated', { turnId: 't1' }, { snapshotRef: 'x://s/th' }))) seen.push(e.type);
    expect(seen).toEqual(['turn.completed', 'snapshot.updated']);
    expect(queue.current).toBeUndefined();
    await expect(unanswered).rejects.toThrow(/ended before the runtime acted/);
  });
});
