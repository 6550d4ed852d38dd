import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeReadModel, encodeReadModel, type ReadModel, type ReadModelThread } from './readModel';
import { createRuntimeStore } from '../store/createRuntimeStore';
import { readModelOf } from '../store/readModelOf';
import { summarize } from '../store/selectors/summarize';
import { parseJsonl } from './parseJsonl';
import { fixtureNames, readFixture } from '../../test/referenceData';

const id = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
const text = fc.string({ maxLength: 12 });
const opt = <T,>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
/** Drops undefined fields, as the decoder does. */
const clean = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const turnArb = fc
  .record({ turnId: id, lifecycle: opt(fc.constantFrom('submitted', 'running', 'completed', 'failed', 'cancelled', 'unknown' as const)), taskId: opt(id), runId: opt(id), blocked: fc.boolean() })
  // A blocked turn is a running one (status `blocked`).
  .map(({ blocked, ...turn }) => (blocked && turn.lifecycle === 'running' ? { ...turn, blocked: true as const } : turn));
const actionArb = (pending: boolean) =>
  fc.record({
    actionId: id,
    status: pending ? fc.constant('pending' as const) : fc.constantFrom('pending', 'resolved', 'cancelled', 'expired' as const),
    turnId: opt(id),
    actionType: opt(text),
    prompt: opt(text),
    severity: opt(text),
    decision: opt(text),
  });
const toolArb = fc.record({
  toolCallId: id,
  status: opt(fc.constantFrom('running', 'succeeded', 'failed' as const)),
  turnId: opt(id),
  name: opt(text),
  outputRef: opt(text),
  safeArgs: opt(fc.dictionary(id, fc.oneof(text, fc.integer(), fc.boolean()))),
  argsText: opt(text),
  outputPreview: opt(text),
  durationMs: opt(fc.integer({ min: 0 })),
  progress: opt(fc.double({ min: 0, max: 1, noNaN: true })),
  failure: opt(fc.record({ category: text, retryable: opt(fc.boolean()), recoveryHint: opt(text), message: opt(text) }, { requiredKeys: ['category'] })),
});
const partArb = fc.oneof(
  fc.record({ kind: fc.constantFrom('text', 'reasoning' as const), text: opt(text), done: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('tool', 'action', 'artifact' as const), refId: opt(id), done: fc.constant(true) }),
);
const messageArb = fc.record({
  messageId: id,
  role: fc.constantFrom('user', 'assistant' as const),
  final: fc.boolean(),
  turnId: opt(id),
  text: opt(text),
  reasoning: opt(fc.string({ minLength: 1, maxLength: 8 })),
  parts: opt(fc.array(partArb, { maxLength: 4 })),
}).filter((m) => m.text !== undefined || m.parts !== undefined);
const outcomesArb = fc.array(fc.record({ name: text, status: text }), { maxLength: 3 });
const threadArb: fc.Arbitrary<ReadModelThread> = fc.record({
  threadId: id,
  status: opt(fc.constantFrom('idle', 'running', 'completed', 'blocked')),
  activeTurnId: opt(id),
  turns: fc.array(turnArb, { maxLength: 4 }),
  pendingActions: fc.array(actionArb(true), { maxLength: 3 }),
  actions: fc.array(actionArb(false), { maxLength: 3 }),
  toolCalls: fc.array(toolArb, { maxLength: 3 }),
  messages: fc.array(messageArb, { maxLength: 3 }),
  artifacts: fc.array(fc.record({ artifactId: id, kind: opt(text), status: opt(text), title: opt(text), currentVersionId: opt(id), toolCallId: opt(id), turnId: opt(id) }), { maxLength: 2 }),
  subagents: fc.array(fc.record({ subagentId: id, role: opt(text), parentTaskId: opt(id), parentThreadId: opt(id), status: opt(text) }), { maxLength: 2 }),
  evidence: fc.array(fc.record({ evidenceId: id, status: opt(text), packRef: opt(text), replayRef: opt(text), reviewRef: opt(text), verificationOutcomes: opt(outcomesArb) }), { maxLength: 2 }),
  queue: opt(fc.array(fc.record({ queueId: opt(id), turnId: opt(id), preview: opt(text) }), { maxLength: 2 })),
  incidents: opt(fc.array(fc.record({ incidentId: id, kind: text }), { maxLength: 2 })),
  evidenceRefs: fc.array(id, { maxLength: 3 }),
  verificationOutcomes: opt(outcomesArb),
}) as fc.Arbitrary<ReadModelThread>;
const modelArb: fc.Arbitrary<ReadModel> = fc
  .record({
    kind: fc.constantFrom('session-snapshot', 'thread-read-model' as const),
    schemaVersion: opt(fc.constant('lime-profile-0.4.0')),
    runtimeId: opt(id),
    sessionId: opt(id),
    updatedAt: opt(fc.constant('2026-06-09T10:00:00.000Z')),
    cursor: opt(fc.nat()),
    cursorEventId: opt(id),
    threads: fc.array(threadArb, { minLength: 1, maxLength: 2 }),
    tasks: fc.array(fc.record({ taskId: id, status: opt(text), objective: opt(text), title: opt(text), currentRunId: opt(id), threadId: opt(id), turnId: opt(id), attempts: fc.array(fc.record({ runId: id, status: opt(text), attemptId: opt(id) }), { maxLength: 2 }), evidenceRefs: opt(fc.array(id, { maxLength: 2 })) }), { maxLength: 2 }),
    routing: opt(fc.record({ selectedModel: text, candidateCount: opt(fc.nat()), singleCandidate: opt(fc.boolean()), decisionSource: opt(text), fallbackModel: opt(text) }, { requiredKeys: ['selectedModel'] })),
    evidenceRefs: fc.array(id, { maxLength: 2 }),
  })
  .map((model) => clean(model.kind === 'thread-read-model' ? { ...model, threads: model.threads.slice(0, 1), evidenceRefs: [] } : model) as ReadModel);

describe('the read-model codec', () => {
  it('decode(encode(model)) gives the model back, through JSON', () => {
    fc.assert(
      fc.property(modelArb, (model) => {
        expect(decodeReadModel(JSON.parse(JSON.stringify(encodeReadModel(model))))).toEqual(model);
      }),
      { numRuns: 300 },
    );
  });

  it('encode(decode(doc)) is stable: decoding a re-encoded document changes nothing', () => {
    fc.assert(
      fc.property(modelArb, (model) => {
        const once = encodeReadModel(model);
        expect(encodeReadModel(decodeReadModel(once)!)).toEqual(once);
      }),
      { numRuns: 100 },
    );
  });

  it('never throws and never guesses on hostile documents: wrong types are dropped, prototype names find nothing', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withObjectString: true }), (junk) => {
        expect(() => decodeReadModel(junk)).not.toThrow();
        expect(() => decodeReadModel({ threadId: 't', turns: [junk], messages: junk, toolCalls: [junk], cursor: junk })).not.toThrow();
      }),
      { numRuns: 300 },
    );
    const model = decodeReadModel({ threadId: 't', turns: [{ turnId: 'a', status: 'constructor' }, { turnId: 'b', status: '__proto__' }, { turnId: 'c', status: 7 }], toolCalls: [{ toolCallId: 'x', status: 'toString' }], cursor: -3 })!;
    expect(model.threads[0]!.turns).toEqual([{ turnId: 'a', lifecycle: 'unknown' }, { turnId: 'b', lifecycle: 'unknown' }, { turnId: 'c' }]);
    expect(model.threads[0]!.toolCalls).toEqual([{ toolCallId: 'x' }]);
    expect(model.cursor).toBeUndefined();
  });

  it('decodes a ThreadReadModel written from the SPEC (section 7: status, active turn, queued turns, pending actions, incidents, tool calls)', () => {
    const model = decodeReadModel({
      schemaVersion: 'lime-profile-0.4.0',
      threadId: 'th-7',
      status: 'blocked',
      activeTurnId: 'tu-2',
      turns: [{ turnId: 'tu-1', status: 'completed' }, { turnId: 'tu-2', status: 'blocked', taskId: 'task-1' }],
      queuedTurns: [{ queueId: 'q1', turnId: 'tu-3', preview: 'next' }],
      pendingRequests: [{ requestId: 'req-1', actionType: 'tool_approval', prompt: 'Run rm?', severity: 'high' }],
      incidents: [{ incidentId: 'inc-1', kind: 'provider_timeout' }],
      toolCalls: [{ toolCallId: 'tc-1', toolName: 'shell', status: 'completed' }, { toolCallId: 'tc-2', name: 'write', status: 'failed', failureCategory: 'denied', retryable: false }],
      evidenceSummary: { evidenceRefs: ['ev-1'], verificationOutcomes: [{ name: 'tests', status: 'passed' }] },
      cursor: { sequence: 42, eventId: 'e-42' },
    })!;
    expect(model).toEqual({
      kind: 'thread-read-model',
      schemaVersion: 'lime-profile-0.4.0',
      cursor: 42,
      cursorEventId: 'e-42',
      threads: [
        {
          threadId: 'th-7',
          status: 'blocked',
          activeTurnId: 'tu-2',
          turns: [{ turnId: 'tu-1', lifecycle: 'completed' }, { turnId: 'tu-2', lifecycle: 'running', blocked: true, taskId: 'task-1' }],
          pendingActions: [{ actionId: 'req-1', status: 'pending', actionType: 'tool_approval', prompt: 'Run rm?', severity: 'high' }],
          actions: [],
          toolCalls: [
            { toolCallId: 'tc-1', name: 'shell', status: 'succeeded' },
            { toolCallId: 'tc-2', name: 'write', status: 'failed', failure: { category: 'denied', retryable: false } },
          ],
          messages: [],
          artifacts: [],
          subagents: [],
          evidence: [],
          queue: [{ queueId: 'q1', turnId: 'tu-3', preview: 'next' }],
          incidents: [{ incidentId: 'inc-1', kind: 'provider_timeout' }],
          evidenceRefs: ['ev-1'],
          verificationOutcomes: [{ name: 'tests', status: 'passed' }],
        },
      ],
      tasks: [],
      evidenceRefs: [],
    });
  });

  it('decodes a session snapshot written from the snapshot schema (threads, tasks with attempts, routing summary, evidence refs)', () => {
    const model = decodeReadModel({
      schemaVersion: 'lime-profile-0.4.0',
      runtimeId: 'rt',
      sessionId: 'sess-9',
      updatedAt: '2026-06-09T10:00:00Z',
      threads: [{ threadId: 'th-1', status: 'idle', turns: [], pendingRequests: [], queuedTurns: [], incidents: [], evidenceSummary: {} }],
      tasks: [{ taskId: 'task-1', status: 'retrying', attempts: [{ runId: 'run-1', status: 'failed' }, { runId: 'run-2', status: 'running' }] }],
      routingLimitSummary: { selectedModel: 'm-small', singleCandidate: true },
      telemetrySummary: {},
      taskSummary: {},
      evidenceRefs: ['ev-9'],
    })!;
    expect(model).toMatchObject({
      kind: 'session-snapshot',
      sessionId: 'sess-9',
      runtimeId: 'rt',
      tasks: [{ taskId: 'task-1', status: 'retrying', attempts: [{ runId: 'run-1', status: 'failed' }, { runId: 'run-2', status: 'running' }] }],
      routing: { selectedModel: 'm-small', singleCandidate: true },
      evidenceRefs: ['ev-9'],
    });
    expect(model.threads[0]).toMatchObject({ threadId: 'th-1', status: 'idle', queue: [], incidents: [] });
    expect(model.cursor).toBeUndefined();
  });

  it('every fixture: a fresh store hydrated from the encoded read model summarizes like the stream (round trip through the store)', () => {
    for (const name of fixtureNames().filter((n) => n !== 'stream-repair')) {
      const events = parseJsonl(readFixture(name)).records.map((r) => r.value);
      const live = createRuntimeStore();
      live.getState().ingest(events);
      live.getState().settle();
      const doc = JSON.parse(JSON.stringify(encodeReadModel(readModelOf(live.getState(), { sequence: events.length }))));
      const hydrated = createRuntimeStore();
      expect(hydrated.getState().applyReadModel(doc).applied, name).toBe(true);
      const { counts: _a, diagnostics: _b, stale: _c, ...fromStream } = summarize(live.getState());
      const { counts: _d, diagnostics: _e, stale: _f, ...fromModel } = summarize(hydrated.getState());
      expect({ ...fromModel, timeline: undefined }, name).toMatchObject({ ...fromStream, timeline: undefined });
    }
  });
});
