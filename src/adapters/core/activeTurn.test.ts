import { describe, expect, it } from 'vitest';
import { createEnvelopeFactory } from './envelopeFactory';
import { ActiveTurn, TurnSlot } from './activeTurn';
import type { RuntimeEventEnvelope } from '../../protocol/events';

const factory = () => createEnvelopeFactory({ sessionId: 's', threadId: 'th', clock: () => 0 });

describe('active turn and turn slot', () => {
  it('a cancel aborts the running turn, wakes it, and answers with the terminal event it emitted', async () => {
    const events = factory();
    const slot = new TurnSlot();
    const turn = new ActiveTurn('t1');
    async function* run(): AsyncGenerator<RuntimeEventEnvelope> {
      yield turn.observe(events.event('turn.started', { turnId: 't1' }));
      while (!turn.aborted) await turn.sleep();
      yield turn.observe(events.event('turn.cancelled', { turnId: 't1' }));
    }
    const stream = slot.run(turn, run(), () => events.event('snapshot.updated', { turnId: 't1' }));
    await expect(slot.cancel('other')).rejects.toThrow('no running turn other to cancel');
    const seen: string[] = [];
    const reading = (async () => { for await (const e of stream) seen.push(e.type); })();
    const cancelled = slot.cancel();
    await reading;
    expect((await cancelled).type).toBe('turn.cancelled');
    expect(seen).toEqual(['turn.started', 'turn.cancelled', 'snapshot.updated']);
    expect(slot.current()).toBeUndefined();
  });

  it('an answer resolves only on the runtime\'s action.resolved; one the turn never acted on fails when it ends', async () => {
    const events = factory();
    const slot = new TurnSlot();
    const turn = new ActiveTurn('t1');
    const acted = turn.resolution('a1');
    const ignored = turn.resolution('a2');
    async function* run(): AsyncGenerator<RuntimeEventEnvelope> {
      yield turn.observe(events.event('action.resolved', { turnId: 't1', actionId: 'a1' }, { decision: 'allow' }));
      yield turn.observe(events.event('turn.completed', { turnId: 't1' }));
    }
    expect(slot.current()).toBeUndefined();
    const stream = slot.run(turn, run(), () => events.event('snapshot.updated', { turnId: 't1' }));
    // The slot is taken before the stream is read: an early answer or cancel finds the turn.
    expect(slot.current()).toBe(turn);
    for await (const _ of stream);
    expect((await acted).payload).toEqual({ decision: 'allow' });
    await expect(ignored).rejects.toThrow('turn t1 ended before the runtime acted on the answer');
    expect((await turn.ended)?.type).toBe('turn.completed');
  });
});
