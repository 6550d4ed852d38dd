import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from './createRuntimeStore';
import { summarize } from './selectors/summarize';
import { selectMessageText } from './selectors/text';
import { selectParsedArgs } from './selectors/parsedArgs';

const t1 = turn();

describe('ingest', () => {
  it('applies a batch in one store update and reports what it did', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const events = [ev('turn.submitted', t1), ev('turn.started', t1), ev('model.delta', t1, { delta: 'Hi' })];
    const report = store.getState().ingest([...events, events[1], { not: 'an event' }, ev('telemetry.sampled', t1)]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(report.counts).toMatchObject({ received: 6, applied: 3, duplicates: 1, invalid: 1, unknownType: 1, reordered: 0 });
  });

  it('never throws, whatever it is fed', () => {
    const store = createRuntimeStore();
    const garbage = [null, undefined, 42, 'x', [], {}, { type: 5 }, { type: 'tool.args', eventId: 'g1', payload: 'x' }, { eventId: {}, type: 'model.delta' },
      Object.create(null), { type: 'model.delta', eventId: '__proto__', sessionId: 's', sequence: 1, payload: { delta: 7 } }];
    expect(() => store.getState().ingest(garbage)).not.toThrow();
    expect(store.getState().counts.received).toBe(garbage.length);
  });

  it('keeps a record reference when a batch does not touch it, and replaces it when it does', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', t1), ev('tool.started', toolIds(1), { toolName: 'a' }), ev('tool.started', toolIds(2), { toolName: 'b' })]);
    const before = store.getState();
    const tool1 = before.toolCalls.byId.get('tc-1');
    const tool2 = before.toolCalls.byId.get('tc-2');
    store.getState().ingest([ev('tool.progress', toolIds(2), { progress: 0.5 })]);
    const after = store.getState();
    expect(after.toolCalls.byId.get('tc-1')).toBe(tool1);
    expect(after.toolCalls.byId.get('tc-2')).not.toBe(tool2);
    expect(after.toolCalls).not.toBe(before.toolCalls);
    expect(after.messages).toBe(before.messages); // untouched table keeps its wrapper
  });
  it('a subscriber that ingests while the store notifies gets the state it started from, and nothing is lost', () => {
    const ev = eventBuilder();
    const events = [ev('turn.started', t1), ev('model.delta', t1, { delta: 'Hel' }), ev('model.delta', t1, { delta: 'lo' }), ev('turn.completed', t1)];
    const whole = createRuntimeStore();
    whole.getState().ingest(events);

    const store = createRuntimeStore();
    const seen: string[] = [];
    let nested = false;
    store.subscribe((state) => {
      seen.push(state.turns.byId.get('turn-1')?.lifecycle ?? 'none');
      // The first notification ingests the rest: a batch inside another batch's notification.
      if (!nested) {
        nested = true;
        store.getState().ingest(events.slice(2));
      }
    });
    store.getState().ingest(events.slice(0, 2));
    const state = store.getState();
    expect(seen).toEqual(['running', 'completed']);
    expect(selectMessageText(state, state.messages.byId.get('turn-1:assistant')!)).toBe('Hello');
    expect(state.counts).toEqual(whole.getState().counts);
    expect(summarize(state)).toEqual(summarize(whole.getState()));
  });
  it('a reset store holds nothing of the session before it (its draft keeps its writers, not their tables)', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', t1), ev('model.delta', t1, { delta: 'kept only until reset' })]);
    store.getState().ingest([ev('tool.started', toolIds(1), { toolName: 'search' })]);
    const message = new WeakRef(store.getState().messages.byId.get('turn-1:assistant')!);
    const tool = new WeakRef(store.getState().toolCalls.byId.get('tc-1')!);
    store.getState().reset();
    // A WeakRef holds its target until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(message.deref()).toBeUndefined();
    expect(tool.deref()).toBeUndefined();
  });
});

describe('text and reasoning', () => {
  it('keeps reasoning out of the answer and collapses it when the answer starts', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('reasoning.delta', t1, { delta: 'thinking…' }), ev('model.delta', t1, { delta: 'Answer' })]);
    const state = store.getState();
    const message = state.messages.byId.get('turn-1:assistant')!;
    expect(selectMessageText(state, message)).toBe('Answer');
    const parts = message.partIds.map((id) => state.parts.byId.get(id)!);
    expect(parts.map((p) => [p.kind, p.text, p.done])).toEqual([['reasoning', 'thinking…', true], ['text', 'Answer', false]]);
  });

  it('reconciles final text: final wins, is never appended again, and a mismatch is a diagnostic', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('model.delta', t1, { delta: 'Hello wor' }),
      ev('tool.started', toolIds(1), { toolName: 'x' }),
      ev('model.delta', t1, { delta: 'ld!!' }),
      ev('model.completed', t1, { text: 'Hello world!' }),
    ]);
    // (Text after the final is the next model step's: see apply/messageSteps.test.ts.)
    const summary = summarize(store.getState());
    expect(summary.messages).toEqual([{ messageId: 'turn-1:assistant', turnId: 'turn-1', role: 'assistant', text: 'Hello world!', final: true }]);
    expect(summary.diagnostics.map((d) => d.code)).toEqual(['final_text_mismatch']);
    const message = store.getState().messages.byId.get('turn-1:assistant')!;
    expect(message.partIds.map((id) => store.getState().parts.byId.get(id)!.kind)).toEqual(['text', 'tool']);
  });

  it('an identical final text changes nothing and records no diagnostic', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('model.delta', t1, { delta: 'Same' }), ev('model.completed', t1, { text: 'Same' })]);
    expect(summarize(store.getState()).diagnostics).toEqual([]);
    expect(summarize(store.getState()).messages[0]).toMatchObject({ text: 'Same', final: true });
  });

  it('a final text without any streamed text becomes the answer', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('model.completed', t1, { finalText: 'Only final' })]);
    expect(summarize(store.getState()).messages[0]).toMatchObject({ text: 'Only final', final: true });
    expect(summarize(store.getState()).diagnostics).toEqual([]);
  });

  it('keeps subagent messages out of the main conversation', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('subagent.spawned', { ...t1, subagentId: 'sa' }, { role: 'critic' }),
      ev('model.delta', { ...t1, subagentId: 'sa' }, { delta: 'sub text' }),
      ev('model.delta', t1, { delta: 'main text' }),
    ]);
    const state = store.getState();
    expect(summarize(state).messages.map((m) => m.text)).toEqual(['main text']);
    expect(state.subagentMessages.ids).toHaveLength(1);
    expect(state.subagents.byId.get('sa')!.messageIds).toEqual(state.subagentMessages.ids);
  });
});

describe('tools', () => {
  it('accumulates streamed args without parsing them per delta', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    const fragments = ['{"pa', 'th":"src/', 'a.ts","li', 'nes":[1,2]}'];
    store.getState().ingest([ev('tool.started', toolIds(1), { toolName: 'read' })]);
    const parse = vi.spyOn(JSON, 'parse');
    for (const delta of fragments) store.getState().ingest([ev('tool.args', toolIds(1), { delta })]);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    const record = store.getState().toolCalls.byId.get('tc-1')!;
    expect(record.argsText).toBe(fragments.join(''));
    expect(selectParsedArgs(record)).toEqual({ path: 'src/a.ts', lines: [1, 2] });
  });

  it('caps the output preview at the budget and keeps the ref for the full output', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore({ previewBudget: 10 });
    store.getState().ingest([ev('tool.started', toolIds(1)), ev('tool.result', toolIds(1), { preview: 'xxxx '.repeat(10), outputRef: 'output://1' })]);
    expect(store.getState().toolCalls.byId.get('tc-1')).toMatchObject({ outputPreview: 'xxxx xxxx ', outputTruncated: true, outputRef: 'output://1', status: 'succeeded' });
  });

  it('cuts a preview before a token the budget would split, so no secret is kept in part', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore({ previewBudget: 30 });
    const key = `AGE-SECRET-KEY-1${'Q'.repeat(58)}`;
    store.getState().ingest([ev('tool.started', toolIds(1)), ev('tool.result', toolIds(1), { preview: `step 1: ok\nstep 2: ${key}\n` })]);
    expect(store.getState().toolCalls.byId.get('tc-1')).toMatchObject({ outputPreview: 'step 1: ok\nstep 2: ', outputTruncated: true });
  });

  it('keeps a typed failure and never lets a later result overwrite it', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('tool.started', toolIds(1)),
      ev('tool.failed', toolIds(1), { failureCategory: 'timeout', retryable: true, recoveryHint: 'retry later', message: 'slow' }),
      ev('tool.result', toolIds(1), { preview: 'ok?' }),
    ]);
    const record = store.getState().toolCalls.byId.get('tc-1')!;
    expect(record.status).toBe('failed');
    expect(record.failure).toEqual({ category: 'timeout', retryable: true, recoveryHint: 'retry later', message: 'slow' });
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).toEqual(['tool_result_after_failure']);
  });

  it('a tool event naming an artifact creates the card, linked to the tool step', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('tool.started', toolIds(1)), ev('tool.result', { ...toolIds(1), artifactId: 'art-1' }, {})]);
    expect(summarize(store.getState()).artifacts).toEqual([{ artifactId: 'art-1', kind: 'unknown', status: 'unknown', versionId: null, toolCallId: 'tc-1' }]);
    expect(store.getState().toolCalls.byId.get('tc-1')!.artifactIds).toEqual(['art-1']);
  });
});

describe('actions', () => {
  const setup = () => {
    const ev = eventBuilder();
    const store = createRuntimeStore({ now: () => 1000 });
    store.getState().ingest([ev('turn.started', t1), ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'Allow?', severity: 'high' })]);
    return { ev, store };
  };

  it('responding is an overlay: a second answer is ignored, only the runtime fact resolves', () => {
    const { ev, store } = setup();
    expect(store.getState().markResponding('a1', 'allow')).toBe(true);
    expect(store.getState().markResponding('a1', 'allow')).toBe(false);
    expect(summarize(store.getState()).actions).toEqual([{ actionId: 'a1', status: 'responding' }]);
    expect(store.getState().actions.byId.get('a1')!.status).toBe('pending');
    store.getState().ingest([ev('action.resolved', { ...t1, actionId: 'a1' }, { decision: 'allow' })]);
    expect(summarize(store.getState()).actions).toEqual([{ actionId: 'a1', status: 'resolved', decision: 'allow' }]);
    expect(store.getState().responding.has('a1')).toBe(false);
  });

  it('a failed write keeps the facts and allows a retry', () => {
    const { store } = setup();
    store.getState().markResponding('a1');
    store.getState().failResponding('a1', 'network down');
    expect(summarize(store.getState()).actions).toEqual([{ actionId: 'a1', status: 'pending' }]);
    expect(store.getState().responding.get('a1')!.error).toBe('network down');
    expect(store.getState().markResponding('a1')).toBe(true);
  });

  it('a pending action makes the turn need input; cancel and expiry resolve it', () => {
    const { ev, store } = setup();
    expect(summarize(store.getState()).status).toBe('needs-input');
    store.getState().ingest([ev('action.resolved', { ...t1, actionId: 'a1' }, { status: 'cancelled' })]);
    expect(summarize(store.getState())).toMatchObject({ status: 'running', actions: [{ actionId: 'a1', status: 'cancelled' }] });
  });
});

describe('ordering, gaps and repair', () => {
  it('reorders a late event inside the window', () => {
    const ev = eventBuilder();
    const events = [ev('turn.started', t1), ev('model.delta', t1, { delta: 'a' }), ev('model.delta', t1, { delta: 'b' }), ev('model.delta', t1, { delta: 'c' })];
    const store = createRuntimeStore();
    const report = store.getState().ingest([events[0], events[2], events[3], events[1]]);
    // Only the event that came before its predecessor (c before b) counts as reordered.
    expect(report.counts).toMatchObject({ applied: 4, reordered: 1, pending: 0 });
    expect(summarize(store.getState()).messages[0]!.text).toBe('abc');
    expect(store.getState().session.stale).toBe(false);
  });

  it('a stream first seen mid-way waits for its start, and adopts its lowest sequence when the recording ends', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    const events = [ev('turn.started', t1, {}, 40), ev('model.delta', t1, { delta: 'x' }, 41), ev('model.delta', t1, { delta: 'y' }, 42)];
    store.getState().ingest([events[1], events[0]]);
    expect(store.getState().counts).toMatchObject({ applied: 0, pending: 2 });
    store.getState().settle();
    expect(store.getState().counts).toMatchObject({ applied: 2, pending: 0, reordered: 1 });
    expect(store.getState().session.stale).toBe(false);
    expect(summarize(store.getState()).diagnostics.map((d) => d.code)).toEqual(['stream_starts_mid_way']);
    store.getState().ingest([events[2]]);
    expect(summarize(store.getState()).messages[0]!.text).toBe('xy');
  });

  it('reorders across batches, as network reads arrive', () => {
    const ev = eventBuilder();
    const events = [ev('turn.started', t1), ev('model.delta', t1, { delta: 'a' }), ev('model.delta', t1, { delta: 'b' })];
    const store = createRuntimeStore();
    store.getState().ingest([events[0]]);
    expect(store.getState().ingest([events[2]]).counts).toMatchObject({ pending: 1 });
    expect(store.getState().ingest([events[1]]).counts).toMatchObject({ pending: 0, reordered: 1 });
    expect(summarize(store.getState()).messages[0]!.text).toBe('ab');
  });

  it('a gap that does not fill within the window marks the session stale and appends nothing after it', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore({ reorderWindow: 3 });
    const events = [ev('turn.started', t1), ev('model.delta', t1, { delta: 'a' })];
    ev('model.delta', t1, { delta: 'LOST' });
    for (let i = 0; i < 4; i++) events.push(ev('model.delta', t1, { delta: `${i}` }));
    store.getState().ingest(events);
    const summary = summarize(store.getState());
    expect(summary.stale).toBe(true);
    expect(store.getState().session.staleReason).toBe('sequence_gap');
    expect(summary.messages[0]!.text).toBe('a');
    expect(summary.counts.pending).toBe(4);
    expect(summary.diagnostics.map((d) => d.code)).toEqual(['sequence_gap']);
  });

  it('settle(sessionId) declares only that session’s gap; a window overflow is reported by the batch that caused it', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore({ reorderWindow: 2 });
    store.getState().ingest([ev('turn.started', t1), ev('model.delta', t1, { delta: 'x' }, 3)]);
    expect(store.getState().settle('sess-other')).toMatchObject({ gapsDeclared: [], counts: { pending: 1 } });
    expect(store.getState().session.stale).toBe(false);
    const report = store.getState().settle('sess-unit');
    expect(report).toMatchObject({ gapsDeclared: ['sess-unit'], staleReason: 'sequence_gap' });
    const fresh = createRuntimeStore({ reorderWindow: 2 });
    fresh.getState().ingest([ev('turn.started', t1, {}, 1), ev('model.delta', t1, {}, 3)]);
    const overflow = fresh.getState().ingest([ev('model.delta', t1, {}, 4), ev('model.delta', t1, {}, 5)]);
    expect(overflow.gapsDeclared).toEqual(['sess-unit']);
    expect(overflow.counts).toMatchObject({ received: 2, applied: 0, pending: 3 });
    expect(overflow.staleReason).toBe('sequence_gap');
  });

  it('settle declares a gap the window has not yet, and a gap that fills restores order', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    const a = ev('turn.started', t1);
    const b = ev('model.delta', t1, { delta: 'b' });
    const c = ev('model.delta', t1, { delta: 'c' });
    store.getState().ingest([a, c]);
    expect(store.getState().session.stale).toBe(false);
    expect(store.getState().settle()).toMatchObject({ gapsDeclared: ['sess-unit'], staleReason: 'sequence_gap', counts: { pending: 1 } });
    expect(store.getState().session.stale).toBe(true);
    store.getState().ingest([b]);
    expect(store.getState().session.stale).toBe(false);
    expect(summarize(store.getState()).messages[0]!.text).toBe('bc');
  });

  it('an invalid event keeps its place in the order instead of opening a gap', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    const first = ev('turn.started', t1);
    const bad = ev('tool.started', t1, {}); // no toolCallId: never promoted
    store.getState().ingest([first, bad, ev('model.delta', t1, { delta: 'x' })]);
    store.getState().settle();
    expect(store.getState().session.stale).toBe(false);
    expect(store.getState().counts).toMatchObject({ invalid: 1, applied: 2, pending: 0 });
  });

  it('an event whose place has passed is late: reported, not applied, the session goes stale', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', t1, {}, 1), ev('model.delta', t1, { delta: 'a' }, 2)]);
    const report = store.getState().ingest([ev('model.delta', t1, { delta: 'old' }, 1)]);
    expect(report).toMatchObject({ counts: { late: 1 }, staleReason: 'late_event' });
    expect(store.getState().session).toMatchObject({ stale: true, staleReason: 'late_event' });
    expect(summarize(store.getState()).messages[0]!.text).toBe('a');
  });

  it('hydrate repairs: clears stale, drops what the snapshot covers, resumes after its cursor', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore({ reorderWindow: 1 });
    const events = [1, 2, 3, 4, 5].map((n) => ev('model.delta', t1, { delta: `${n}` }));
    store.getState().ingest([events[0], events[2], events[3], events[4]]);
    expect(store.getState().session.stale).toBe(true);
    const report = store.getState().applyReadModel({
      threadId: 'thread-1', sessionId: 'sess-unit', status: 'running', turns: [{ turnId: 'turn-1', status: 'running' }],
      messages: [{ messageId: 'turn-1:assistant', turnId: 'turn-1', text: '1234', status: 'streaming' }], cursor: 4,
    });
    expect(report).toMatchObject({ applied: true, cursor: 4, droppedPending: 2 });
    const state = store.getState();
    expect(state.session.stale).toBe(false);
    // Sequence 5 was waiting after the cursor: applied on top of the snapshot.
    expect(selectMessageText(state, state.messages.byId.get('turn-1:assistant')!)).toBe('12345');
    expect(store.getState().cursor()).toBe(5);
    expect(store.getState().ingest([events[3]]).counts).toMatchObject({ duplicates: 1 });
  });

  it('a snapshot never silently erases a pending action or a failed tool', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'ok?' }),
      ev('tool.started', toolIds(1)),
      ev('tool.failed', toolIds(1), { failureCategory: 'crash' }),
    ]);
    store.getState().applyReadModel({
      threadId: 'thread-1', status: 'completed', turns: [{ turnId: 'turn-1', status: 'completed' }], pendingRequests: [],
      toolCalls: [{ toolCallId: 'tc-1', status: 'succeeded' }],
    });
    const state = store.getState();
    expect(state.actions.byId.get('a1')!.status).toBe('pending');
    expect(state.toolCalls.byId.get('tc-1')!.status).toBe('failed');
    // The snapshot also completes turn-1 while a1 is pending: that contradiction is named too (item 25).
    expect(summarize(state).diagnostics.map((d) => d.code)).toEqual(['snapshot_omits_pending_action', 'turn_completed_with_pending_action', 'snapshot_conflict']);
  });

  it('markStale flags a broken stream until a snapshot repairs it', () => {
    const store = createRuntimeStore();
    store.getState().markStale('disconnected');
    expect(store.getState().session).toMatchObject({ stale: true, staleReason: 'disconnected' });
    store.getState().applyReadModel({ threadId: 'thread-1', status: 'idle', turns: [] });
    expect(store.getState().session.stale).toBe(false);
  });
});

describe('diagnostics', () => {
  it('keep the raw event with secret-looking keys redacted, and name their cause', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('telemetry.sampled', t1, { apiKey: 'sk-1', nested: { authorization: 'Bearer x', inputTokens: 3 } })], { lines: [12] });
    const [diagnostic] = [...store.getState().diagnostics.byId.values()];
    expect(diagnostic).toMatchObject({ code: 'unknown_event_type', line: 12, eventId: 'sess-unit-e1' });
    expect((diagnostic!.raw as { payload: unknown }).payload).toEqual({ apiKey: '[redacted]', nested: { authorization: '[redacted]', inputTokens: 3 } });
    expect(diagnostic!.message).toContain('telemetry.sampled');
  });

  it('runtime.error is a typed failure and a thread incident', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('runtime.error', t1, { code: 'provider_down', failureCategory: 'provider', retryable: true, recoveryHint: 'wait', message: 'down' })]);
    expect(summarize(store.getState()).diagnostics).toEqual([{ code: 'provider_down', eventId: 'sess-unit-e1' }]);
    expect(store.getState().threads.byId.get('thread-1')!.incidents[0]).toMatchObject({ code: 'provider_down', category: 'provider', retryable: true, recoveryHint: 'wait' });
  });
});

describe('routing, limits and tasks', () => {
  it('quota blocked blocks the turn; routing facts feed the chip', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', t1), ev('routing.fallback.applied', t1, { fallbackModel: 'small-model', reason: 'primary overloaded' }), ev('quota.blocked', t1, { message: 'out of quota' })]);
    const state = store.getState();
    expect(summarize(state).status).toBe('blocked');
    expect(state.routing).toMatchObject({ selectedModel: 'small-model', fallbackModel: 'small-model', reason: 'primary overloaded' });
    expect(state.turns.byId.get('turn-1')!.blocked).toEqual({ reason: 'quota', detail: 'out of quota' });
  });

  it('an ended turn does not reopen: a late lifecycle event is a diagnostic', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', t1), ev('turn.completed', t1), ev('turn.started', t1)]);
    expect(summarize(store.getState())).toMatchObject({ status: 'completed', diagnostics: [{ code: 'lifecycle_regression' }] });
  });
});
