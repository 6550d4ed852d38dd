import { describe, expect, it } from 'vitest';
import { validateEvent } from '../../protocol/validateEvent';
import { createEnvelopeFactory } from './envelopeFactory';
import { CorrelationMap } from './correlationMap';
import { adapterSource, iterate } from './adapterSource';
import { diffSummary, runConformance } from './conformance';
import { scopeFromContext } from './adapterScope';
import { createAdapterSession } from './adapterSession';
import { toolOutputPayload } from './toolOutput';
import { summarize } from '../../store/selectors/summarize';
import { createRuntimeStore } from '../../store/createRuntimeStore';
import type { AdapterContext } from '../../protocol/providerAdapter';
import type { RuntimeEventEnvelope } from '../../protocol/events';

const fixedClock = () => Date.UTC(2026, 5, 9, 10, 0, 0);

describe('envelope factory', () => {
  it('continues after context.sequence with gap-free sequences and exposes the cursor', () => {
    const factory = createEnvelopeFactory({ sessionId: 's', threadId: 'th', runtimeId: 'rt', idPrefix: 'ai', clock: fixedClock, sequence: 41 });
    const a = factory.event('turn.started', { turnId: 't1' });
    const b = factory.event('model.delta', { turnId: 't1', messageId: 'm' }, { delta: 'hi' });
    expect([a.sequence, b.sequence]).toEqual([42, 43]);
    expect([a.eventId, b.eventId]).toEqual(['ai-42', 'ai-43']);
    expect(factory.cursor()).toEqual({ sequence: 43, eventId: 'ai-43' });
    expect(a).toEqual({
      schemaVersion: 'lime-profile-0.4.0', runtimeId: 'rt', sessionId: 's', threadId: 'th', eventId: 'ai-42', sequence: 42,
      timestamp: '2026-06-09T10:00:00.000Z', type: 'turn.started', turnId: 't1', payload: {},
    });
    expect(validateEvent(a).valid && validateEvent(b).valid).toBe(true);
  });

  it('an explicit sequence (a gap under test) moves the running sequence, and ids name the nth event', () => {
    const factory = createEnvelopeFactory({ sessionId: 's', threadId: 'th', eventId: (_s, index) => `s-e${index}`, clock: fixedClock });
    factory.event('turn.started', { turnId: 't' });
    const gap = factory.event('turn.completed', { turnId: 't' }, {}, { sequence: 5 });
    const next = factory.event('snapshot.updated', { turnId: 't' });
    expect([gap.sequence, gap.eventId, next.sequence, next.eventId]).toEqual([5, 's-e2', 6, 's-e3']);
  });

  it('a fresh factory has made no event: its cursor is sequence 0 without an event id', () => {
    expect(createEnvelopeFactory({ sessionId: 's' }).cursor()).toEqual({ sequence: 0 });
  });
});

describe('correlation map', () => {
  it('keeps one framework object on one set of profile ids, and a message per model step', () => {
    const ids = new CorrelationMap('ai');
    const turnId = ids.turn('run-a');
    expect(ids.turn('run-a')).toBe(turnId);
    expect(ids.turn('run-b')).not.toBe(turnId);
    expect(ids.messageId(turnId)).toBe(`${turnId}:assistant:1`);
    ids.nextStep(turnId);
    const call = ids.tool('call_1', turnId);
    ids.nextStep(turnId);
    // The tool keeps the step it started in, even when a later step reports its output.
    expect(ids.tool('call_1', turnId)).toEqual(call);
    expect(call).toEqual({ turnId, stepId: `${turnId}:step:1`, toolCallId: 'call_1' });
    expect(ids.messageId(turnId)).toBe(`${turnId}:assistant:2`);
    const actionId = ids.action('approval-7');
    expect(ids.action('approval-7')).toBe(actionId);
    expect(ids.frameworkAction(actionId)).toBe('approval-7');
    expect(ids.frameworkAction('nope')).toBeUndefined();
  });
});

async function* numbers(): AsyncGenerator<number> {
  yield 1;
  yield 2;
}

/** A toy adapter: each framework number becomes a delta of one turn. */
async function* toyEvents(source: AsyncIterable<number> | ReadableStream<number>, context: AdapterContext): AsyncGenerator<RuntimeEventEnvelope> {
  const factory = createEnvelopeFactory({ sessionId: context.sessionId, threadId: context.threadId, sequence: context.sequence, clock: fixedClock });
  const turnId = context.turnId ?? 't';
  yield factory.event('turn.started', { turnId });
  for await (const n of iterate(source)) yield factory.event('model.delta', { turnId, messageId: 'm' }, { delta: String(n) });
  yield factory.event('turn.completed', { turnId });
}

describe('adapter source', () => {
  it('delivers a framework stream as profile events and resumes after the last one', async () => {
    const received: unknown[] = [];
    const source = adapterSource(numbers(), toyEvents, { sessionId: 's', threadId: 'th', sequence: 10 });
    await new Promise<void>((resolve) => source.start({ events: (events) => received.push(...events), status: (s) => s === 'ended' && resolve() }));
    expect(received.map((e) => (e as RuntimeEventEnvelope).sequence)).toEqual([11, 12, 13, 14]);
    expect(source.cursor()).toEqual({ sequence: 14, eventId: 's-14' });
  });

  it('reads a web ReadableStream and cancels it when the consumer stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<number>({
      pull: (controller) => controller.enqueue(1),
      cancel: () => void (cancelled = true),
    });
    for await (const n of iterate(stream)) if (n === 1) break;
    expect(cancelled).toBe(true);
  });
});

describe('conformance runner', () => {
  const run = async () => {
    const events: RuntimeEventEnvelope[] = [];
    for await (const e of toyEvents(numbers(), { sessionId: 's', threadId: 'th' })) events.push(e);
    return events;
  };

  it('passes a run whose projection matches the expected summary', async () => {
    const result = runConformance({
      name: 'toy',
      events: await run(),
      expected: { status: 'completed', messages: [{ messageId: 'm', turnId: 't', role: 'assistant', text: '12', final: false }], counts: { applied: 4 } },
    });
    expect(result).toMatchObject({ invalid: [], mismatches: [], idempotent: true });
  });

  it('reports every difference, invalid events, and a repair it cannot check', async () => {
    const events: unknown[] = await run();
    events.push({ type: 'tool.started', eventId: 'x', timestamp: '2026-06-09T10:00:00.000Z', payload: {} });
    const result = runConformance({ name: 'toy', events, expected: { status: 'failed', counts: { applied: 3 }, afterRepair: { status: 'completed' } } });
    expect(result.mismatches).toEqual([
      'toy: status: expected "failed", got "completed"',
      'toy: counts.applied: expected 3, got 4',
      'toy: expects a repair but the run has no snapshot',
    ]);
    expect(result.invalid).toHaveLength(1);
    expect(result.invalid[0]!.issues.map((i) => i.code)).toContain('missing_correlation');
  });

  it("accepts a cancelled run with its cancelled action and a conversation snapshot: the kit's own types are valid", () => {
    const factory = createEnvelopeFactory({ sessionId: 's', threadId: 'th', clock: fixedClock });
    const events = [
      factory.event('turn.submitted', { turnId: 't' }, { text: 'go' }),
      factory.event('turn.started', { turnId: 't' }),
      factory.event('model.requested', { turnId: 't', messageId: 'm' }),
      factory.event('model.delta', { turnId: 't', messageId: 'm' }, { delta: 'half' }),
      factory.event('action.required', { turnId: 't', actionId: 'a' }, { actionType: 'tool_approval' }),
      factory.event('action.cancelled', { turnId: 't', actionId: 'a' }, { reason: 'the turn was cancelled' }),
      factory.event('turn.cancelled', { turnId: 't' }, { reason: 'aborted' }),
      factory.event('messages.snapshot', { turnId: 't' }, { messages: [] }),
    ];
    const result = runConformance({ name: 'cancelled', events, expected: { status: 'cancelled' } });
    expect(result.invalid).toEqual([]);
    expect(result.mismatches).toEqual([]);
  });

  it('diffSummary ignores key order and the meta keys of an expect file', () => {
    const store = createRuntimeStore();
    const summary = summarize(store.getState());
    expect(diffSummary(summary, { routing: null, turns: [], schemaViolations: 3 })).toEqual([]);
    expect(diffSummary(summary, { turns: [{ turnId: 't', status: 'completed' }] })).toHaveLength(1);
  });
});

describe('adapter scope and session (the one place adapters build their factory and correlation map)', () => {
  it('event ids carry the session and prefix, turns the prefix; the session records, tells onEvent and serves readThread', async () => {
    const seen: string[] = [];
    const session = createAdapterSession({ runtimeId: 'fw', sessionId: 's', threadId: 'th', prefix: 'fw', sequence: 3, clock: fixedClock, outputScheme: 'fw-output', onEvent: (e) => seen.push(e.eventId) });
    const turnId = session.ids.turn();
    const event = session.record(session.factory.event('turn.submitted', { turnId }, { text: 'hi' }));
    expect([turnId, event.eventId, event.sequence, event.runtimeId]).toEqual(['fw-turn-1', 's-fw-4', 4, 'fw']);
    expect(seen).toEqual(['s-fw-4']);
    expect(session.recorder.events()).toEqual([event]);
    expect(await session.readThread({})).toMatchObject({ threadId: 'th' });
    expect(await session.readThread({ before: 1 })).toMatchObject({ turns: [], messages: [] });
    const ref = session.refs.spill('tc-1', 'long');
    expect(ref).toBe('fw-output://s/tc-1');
    expect(await session.refs.load(ref)).toBe('long');
  });

  it('scopeFromContext: the context wins over the framework defaults, sequences continue after it', () => {
    const { factory, ids } = scopeFromContext({ sessionId: 's', threadId: 'th', sequence: 9, runtimeId: 'mine' }, { runtimeId: 'fw', prefix: 'fw' }, { idPrefix: 'p' });
    expect(factory.event('turn.started', { turnId: ids.turn() })).toMatchObject({ runtimeId: 'mine', eventId: 's-p-10', sequence: 10, turnId: 'p-turn-1' });
  });

  it('toolOutputPayload: inline within the budget, else a capped preview, its size and (with a spill) a ref', () => {
    const kept: string[] = [];
    expect(toolOutputPayload('tc', 'abc', 3)).toEqual({ preview: 'abc' });
    expect(toolOutputPayload('tc', 'abc d', 3)).toEqual({ preview: 'abc', truncated: true, size: 5 });
    expect(toolOutputPayload('tc', 'abc d', 3, (id, text) => (kept.push(text), `ref://${id}`))).toEqual({ preview: 'abc', truncated: true, size: 5, outputRef: 'ref://tc' });
    expect(kept).toEqual(['abc d']);
    // A token across the cut goes whole: a key's head is shown by no pattern.
    expect(toolOutputPayload('tc', 'key: ghp_0123456789', 8)).toEqual({ preview: 'key: ', truncated: true, size: 19 });
  });
});
