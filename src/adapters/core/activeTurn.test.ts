import { describe, expect, it } from 'vitest';
import { createEnvelopeFactory } from './envelopeFactory';
import { ActiveTurn, startActiveTurn } from './activeTurn';
import { TurnSlot } from './turnSlot';
import type { RuntimeEventEnvelope } from '../../protocol/events';

const factory = () => createEnvelopeFactory({ sessionId: 's', threadId: 'th', clock: () => 0 });

describe('active turn (in a TurnSlot)', () => {
  it('a cancel aborts the sleeping turn, wakes it, and is answered with the terminal event it emitted', async () => {
    const events = factory();
    const slot = new TurnSlot<ActiveTurn>();
    const turn = new ActiveTurn('t1');
    async function* run(): AsyncGenerator<RuntimeEventEnvelope> {
      yield events.event('turn.started', { turnId: 't1' });
      while (!turn.aborted) await turn.sleep();
      yield events.event('turn.cancelled', { turnId: 't1' });
    }
    const stream = slot.start(turn, run(), () => turn.finish());
    const seen: string[] = [];
    const reading = (async () => {
      for await (const e of stream) seen.push(e.type);
    })();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const cancelled = slot.cancel({}, (running) => running.abort());
    await reading;
    expect((await cancelled).type).toBe('turn.cancelled');
    expect(seen).toEqual(['turn.started', 'turn.cancelled']);
  });

  it("an answer resolves only on the runtime's action.resolved; one the turn never acted on fails when it ends", async () => {
    const events = factory();
    const slot = new TurnSlot<ActiveTurn>();
    const turn = new ActiveTurn('t1');
    const acted = turn.resolution('a1');
    const ignored = turn.resolution('a2');
    let settled = false;
    void acted.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    async function* run(): AsyncGenerator<RuntimeEventEnvelope> {
      yield turn.observe(events.event('action.resolved', { turnId: 't1', actionId: 'a1' }, { decision: 'allow' }));
      yield turn.observe(events.event('turn.completed', { turnId: 't1' }));
    }
    for await (const _ of slot.start(turn, run(), () => turn.finish()));
    expect((await acted).payload).toEqual({ decision: 'allow' });
    await expect(ignored).rejects.toThrow('turn t1 ended before the runtime acted on the answer');
  });

  it('untilAnswered sleeps until the last answer, or returns false when a cancel wakes it', async () => {
    const answered = new ActiveTurn('t1');
    const answers = new Set<string>();
    const waiting = answered.untilAnswered(() => answers.size < 2);
    answers.add('a');
    answered.wake();
    await new Promise((resolve) => setTimeout(resolve, 1));
    let done: boolean | undefined;
    void waiting.then((value) => (done = value));
    await new Promise((resolve) => setTimeout(resolve, 1));
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
    const events = factory();
    const slot = new TurnSlot<ActiveTurn>();
    const turn = new ActiveTurn('t1');
    async function* run(): AsyncGenerator<RuntimeEventEnvelope> {
      yield events.event('turn.completed', { turnId: 't1' });
    }
    const unanswered = turn.resolution('action-1');
    const seen: string[] = [];
    for await (const e of startActiveTurn(slot, turn, run(), () => events.event('snapshot.updated', { turnId: 't1' }, { snapshotRef: 'x://s/th' }))) seen.push(e.type);
    expect(seen).toEqual(['turn.completed', 'snapshot.updated']);
    expect(slot.current).toBeUndefined();
    await expect(unanswered).rejects.toThrow(/ended before the runtime acted/);
  });
});
