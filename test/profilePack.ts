// What each file of a Lime profile conformance pack must show (SPEC section 9), asserted from the
// file's own facts so the same checks run on the kit's pack (fixtures/profile) and, when present,
// on the public one. Expected values come from the input documents, never from the projection.
import { expect, it } from 'vitest';
import { createRuntimeStore } from '../src/store/createRuntimeStore';
import { summarize } from '../src/store/selectors/summarize';
import { selectEvidenceSummary, selectRoutingLimitSummary, selectTaskSnapshot, selectThreadReadModel } from '../src/store/selectors/readModels';
import { readProfileFixture } from './referenceData';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test data read from JSON

export function profilePackTests(dir: string): void {
  const read = (file: string) => readProfileFixture(file, dir) as Doc;
  const single = (file: string) => {
    const store = createRuntimeStore();
    store.getState().ingest([read(file)]);
    store.getState().settle(); // a single recorded event is the whole stream
    return store;
  };

  it('submit-turn: accepted status before any text, ids kept', () => {
    const event = read('submit-turn-event.json');
    const summary = summarize(single('submit-turn-event.json').getState());
    expect(summary.sessionId).toBe(event.sessionId);
    expect(summary.status).toBe('submitted');
    expect(summary.turns).toEqual([{ turnId: event.turnId, status: 'submitted' }]);
    expect(summary.messages).toEqual([]);
  });

  it('tool-approval: an approval card keyed by actionId, the tool not run optimistically', () => {
    const event = read('tool-approval-action-required-event.json');
    const store = single('tool-approval-action-required-event.json');
    const summary = summarize(store.getState());
    expect(summary.actions).toEqual([{ actionId: event.actionId, status: 'pending' }]);
    expect(summary.tools).toEqual([]);
    expect(summary.status).toBe('needs-input');
    const { actionType, toolName, decisionKind, prompt } = event.payload;
    expect(store.getState().actions.byId.get(event.actionId)).toMatchObject({ actionType, toolName, decisionKind, prompt });
  });

  it('task-retry-attempt-failed: the failed attempt stays visible and a retry does not overwrite it', () => {
    const failed = read('task-retry-attempt-failed-event.json');
    const store = single('task-retry-attempt-failed-event.json');
    expect(summarize(store.getState()).tasks).toEqual([{ taskId: failed.taskId, status: 'unknown', attempts: [{ runId: failed.runId, status: 'failed' }] }]);
    const retryRunId = `${failed.runId}_retry`;
    store.getState().ingest([{ ...failed, type: 'task.attempt.started', eventId: 'evt_retry', sequence: failed.sequence + 1, runId: retryRunId, attemptId: 'attempt_retry', payload: {} }]);
    const task = selectTaskSnapshot(store.getState(), failed.taskId)!;
    expect(task.attempts.map((a) => [a.runId, a.status])).toEqual([[failed.runId, 'failed'], [retryRunId, 'running']]);
    expect(task.attempts[0]!.failure).toMatchObject({ category: failed.payload.failureCategory, retryable: failed.payload.retryable });
    expect(task.currentRun?.runId).toBe(retryRunId);
  });

  it('routing-single-candidate: the model chip explains the single candidate as a runtime fact', () => {
    const { payload } = read('routing-single-candidate-event.json');
    const state = single('routing-single-candidate-event.json').getState();
    expect(summarize(state).routing).toEqual({ selectedModel: payload.selectedModel, candidateCount: 1, decisionSource: payload.decisionSource });
    expect(selectRoutingLimitSummary(state)).toMatchObject({ selectedModel: payload.selectedModel, candidateCount: 1, singleCandidate: true, decisionSource: payload.decisionSource });
  });

  it('evidence-export: evidence, replay and review refs point to one source', () => {
    const event = read('evidence-export-event.json');
    const state = single('evidence-export-event.json').getState();
    const record = state.evidence.byId.get(event.evidenceId)!;
    expect(record.packRef).toBe(event.payload.packRef);
    expect(record.replayRef).toBe(event.payload.replayRef);
    expect(record.reviewRef).toBe(event.payload.reviewRef);
    expect(record.correlation).toEqual({ sessionId: event.sessionId, threadId: event.threadId, turnId: event.turnId, taskId: event.taskId, runId: event.runId });
    expect(record.verificationOutcomes).toEqual(event.payload.verificationOutcomes);
    // No status was sent: the verdict is unknown, never guessed from the outcomes.
    expect(event.payload.status).toBeUndefined();
    expect(summarize(state).evidence).toEqual([
      { evidenceId: event.evidenceId, status: 'unknown', packRef: record.packRef, replayRef: record.replayRef, ...(record.reviewRef ? { reviewRef: record.reviewRef } : {}) },
    ]);
  });

  it('thread-read-snapshot: the first screen hydrates from the snapshot alone', () => {
    const snapshot = read('thread-read-snapshot.json');
    const thread = snapshot.threads[0];
    const task = snapshot.tasks[0];
    const store = createRuntimeStore();
    expect(store.getState().applyReadModel(snapshot)).toMatchObject({ kind: 'session-snapshot', applied: true });
    const state = store.getState();
    const summary = summarize(state);
    expect(summary.sessionId).toBe(snapshot.sessionId);
    expect(summary.status).toBe(thread.status);
    expect(summary.stale).toBe(false);
    expect(summary.turns).toEqual(thread.turns.map((t: Doc) => ({ turnId: t.turnId, status: t.status })));
    expect(summary.tasks).toEqual([{ taskId: task.taskId, status: task.status, attempts: task.attempts.map((a: Doc) => ({ runId: a.runId, status: a.status })) }]);
    expect(summary.routing).toEqual({ selectedModel: snapshot.routingLimitSummary.selectedModel, candidateCount: 1, decisionSource: null });
    expect(summary.evidence).toEqual(snapshot.evidenceRefs.map((evidenceId: string) => ({ evidenceId, status: 'unknown' })));
    const lastTurn = thread.turns.at(-1);
    expect(selectThreadReadModel(state)).toMatchObject({ threadId: thread.threadId, status: thread.status, pendingActions: [], lastOutcome: { turnId: lastTurn.turnId, status: lastTurn.status } });
    expect(selectTaskSnapshot(state, task.taskId)).toMatchObject({ objective: task.objective, currentRun: { runId: task.currentRunId } });
    expect(selectEvidenceSummary(state).items[0]!.verificationOutcomes).toEqual(thread.evidenceSummary.verificationOutcomes);
  });

  it('benchmark-trial-pack: accepted as an evidence pack, its refs kept together', () => {
    const pack = read('benchmark-trial-pack.json');
    const store = createRuntimeStore();
    expect(store.getState().applyReadModel(pack)).toMatchObject({ kind: 'benchmark-pack', applied: true });
    const { runtimeId: _runtime, threadId: _thread, traceId: _trace, ...correlation } = pack.runtimeCorrelation;
    expect(store.getState().evidence.byId.get(pack.benchmark.trialId)).toMatchObject({
      status: pack.trajectory.exportStatus,
      replayRef: pack.trajectory.ref,
      reviewRef: pack.refs.agentQcReportRef,
      correlation,
    });
  });
}
