import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { parseJsonl } from '../src/protocol/parseJsonl';
import { createRuntimeStore } from '../src/store/createRuntimeStore';
import { summarize, type RuntimeSummary } from '../src/store/selectors/summarize';
import { selectRoutingLimitSummary, selectEvidenceSummary, selectTaskSnapshot, selectThreadReadModel } from '../src/store/selectors/readModels';
import { replayText } from '../src/stream/replayText';
import { expectSummary } from './expectSummary';
import { FIXTURES, fixtureNames, readExpect, readFixture, readJson, readReference } from './referenceData';

const withoutCounts = ({ counts: _counts, ...rest }: RuntimeSummary) => rest;

describe('scenario fixtures replay to their expected summaries', () => {
  const names = fixtureNames();

  it('include the seven provider fixtures of seed 003 and the kit scenarios', () => {
    for (const name of ['text-basic', 'tool-success', 'tool-failure', 'hitl-action', 'artifact-evidence', 'stream-repair', 'subagent-handoff',
      'task-retry', 'routing-limits', 'degraded-facts', 'alias-vocabulary', 'coding-session']) {
      expect(names).toContain(name);
    }
  });

  for (const name of names) {
    it(name, () => {
      const { store } = replayText(readFixture(name));
      const expected = readExpect(name);
      expectSummary(summarize(store.getState()), expected, name);
      if (expected.afterRepair) {
        const report = store.getState().hydrate(readJson(join(FIXTURES, `${name}.snapshot.json`)));
        expect(report.applied).toBe(true);
        expectSummary(summarize(store.getState()), expected.afterRepair as Record<string, unknown>, `${name} after repair`);
      }
    });

    it(`${name}: applying the stream twice gives the same state as once`, () => {
      const { records } = parseJsonl(readFixture(name));
      const store = createRuntimeStore();
      const events = records.map((r) => r.value);
      store.getState().ingest(events);
      store.getState().settle();
      const once = summarize(store.getState());
      const report = store.getState().ingest(events);
      store.getState().settle();
      expect(withoutCounts(summarize(store.getState()))).toEqual(withoutCounts(once));
      expect(report.duplicates - once.counts.duplicates).toBe(events.filter((e) => typeof (e as { eventId?: unknown }).eventId === 'string').length);
    });
  }

  it('coding-session is long and realistic: 5+ turns, 1,000+ events, 30+ tools with failures', () => {
    const { records } = parseJsonl(readFixture('coding-session'));
    const summary = summarize(replayText(readFixture('coding-session')).store.getState());
    expect(records.length).toBeGreaterThanOrEqual(1000);
    expect(summary.turns.length).toBeGreaterThanOrEqual(5);
    expect(summary.tools.length).toBeGreaterThanOrEqual(30);
    expect(summary.tools.filter((t) => t.status === 'failed').length).toBeGreaterThanOrEqual(3);
  });

  it('stream-repair: the resumed stream after repair adds nothing the snapshot already covers', () => {
    const { store } = replayText(readFixture('stream-repair'));
    store.getState().hydrate(readJson(join(FIXTURES, 'stream-repair.snapshot.json')));
    const repaired = summarize(store.getState());
    // The server resumes after the cursor; a re-sent tail is covered by the snapshot.
    const tail = parseJsonl(readFixture('stream-repair')).records.map((r) => r.value).slice(-4);
    const report = store.getState().ingest(tail);
    expect(report.applied).toBe(repaired.counts.applied);
    expect(withoutCounts(summarize(store.getState()))).toEqual(withoutCounts(repaired));
  });
});

describe('the public Lime profile pack projects as SPEC section 9 says', () => {
  const single = (file: string) => {
    const store = createRuntimeStore();
    store.getState().ingest([readReference(file)]);
    store.getState().settle(); // a single recorded event is the whole stream
    return store;
  };

  it('submit-turn: accepted status before any text, ids kept', () => {
    const summary = summarize(single('submit-turn-event.json').getState());
    expect(summary.sessionId).toBe('sess_lime_001');
    expect(summary.status).toBe('submitted');
    expect(summary.turns).toEqual([{ turnId: 'turn_lime_001', status: 'submitted' }]);
    expect(summary.messages).toEqual([]);
  });

  it('tool-approval: an approval card keyed by actionId, the tool not run optimistically', () => {
    const store = single('tool-approval-action-required-event.json');
    const summary = summarize(store.getState());
    expect(summary.actions).toEqual([{ actionId: 'action_write_001', status: 'pending' }]);
    expect(summary.tools).toEqual([]);
    expect(summary.status).toBe('needs-input');
    const action = store.getState().actions.byId.get('action_write_001')!;
    expect(action).toMatchObject({ actionType: 'tool_permission', toolName: 'write_file', decisionKind: 'allow_or_deny', prompt: 'Allow write_file to update README.md?' });
  });

  it('task-retry-attempt-failed: the failed attempt stays visible and a retry does not overwrite it', () => {
    const store = single('task-retry-attempt-failed-event.json');
    expect(summarize(store.getState()).tasks).toEqual([{ taskId: 'task_lime_001', status: 'unknown', attempts: [{ runId: 'run_lime_001', status: 'failed' }] }]);
    const failed = readReference('task-retry-attempt-failed-event.json') as Record<string, unknown>;
    store.getState().ingest([{ ...failed, type: 'task.attempt.started', eventId: 'evt_retry', sequence: 33, runId: 'run_lime_002', attemptId: 'attempt_lime_002', payload: {} }]);
    const task = selectTaskSnapshot(store.getState(), 'task_lime_001')!;
    expect(task.attempts.map((a) => [a.runId, a.status])).toEqual([['run_lime_001', 'failed'], ['run_lime_002', 'running']]);
    expect(task.attempts[0]!.failure).toMatchObject({ category: 'tool_failed', retryable: true });
    expect(task.currentRun?.runId).toBe('run_lime_002');
  });

  it('routing-single-candidate: the model chip explains the single candidate as a runtime fact', () => {
    const state = single('routing-single-candidate-event.json').getState();
    expect(summarize(state).routing).toEqual({ selectedModel: 'gpt-5.4', candidateCount: 1, decisionSource: 'explicit_default' });
    expect(selectRoutingLimitSummary(state)).toMatchObject({ selectedModel: 'gpt-5.4', candidateCount: 1, singleCandidate: true, decisionSource: 'explicit_default' });
  });

  it('evidence-export: evidence, replay and review refs point to one source', () => {
    const state = single('evidence-export-event.json').getState();
    const record = state.evidence.byId.get('evidence_lime_001')!;
    expect(record.packRef).toBe('evidence://sess_lime_001/thread_lime_001/turn_lime_001');
    expect(record.replayRef).toBe('replay://sess_lime_001/turn_lime_001');
    expect(record.correlation).toEqual({ sessionId: 'sess_lime_001', threadId: 'thread_lime_001', turnId: 'turn_lime_001', taskId: 'task_lime_001', runId: 'run_lime_002' });
    expect(record.verificationOutcomes).toEqual([{ name: 'profile_fixture_validation', status: 'passed' }]);
    // No status was sent: the verdict is unknown, never guessed from the outcomes.
    expect(summarize(state).evidence).toEqual([{ evidenceId: 'evidence_lime_001', status: 'unknown', packRef: record.packRef, replayRef: record.replayRef }]);
  });

  it('thread-read-snapshot: the first screen hydrates from the snapshot alone', () => {
    const store = createRuntimeStore();
    expect(store.getState().hydrate(readReference('thread-read-snapshot.json'))).toMatchObject({ kind: 'session-snapshot', applied: true });
    const state = store.getState();
    const summary = summarize(state);
    expect(summary.sessionId).toBe('sess_lime_001');
    expect(summary.status).toBe('completed');
    expect(summary.stale).toBe(false);
    expect(summary.turns).toEqual([{ turnId: 'turn_lime_001', status: 'completed' }]);
    expect(summary.tasks).toEqual([{ taskId: 'task_lime_001', status: 'completed', attempts: [{ runId: 'run_lime_001', status: 'failed' }, { runId: 'run_lime_002', status: 'completed' }] }]);
    expect(summary.routing).toEqual({ selectedModel: 'gpt-5.4', candidateCount: 1, decisionSource: null });
    expect(summary.evidence).toEqual([{ evidenceId: 'evidence_lime_001', status: 'unknown' }]);
    expect(selectThreadReadModel(state)).toMatchObject({ threadId: 'thread_lime_001', status: 'completed', pendingActions: [], lastOutcome: { turnId: 'turn_lime_001', status: 'completed' } });
    expect(selectTaskSnapshot(state, 'task_lime_001')).toMatchObject({ objective: 'Implement Lime AgentRuntime profile fixture validation.', currentRun: { runId: 'run_lime_002' } });
    expect(selectEvidenceSummary(state).items[0]!.verificationOutcomes).toEqual([{ name: 'profile_fixture_validation', status: 'passed' }]);
  });

  it('benchmark-trial-pack: accepted as an evidence pack, its refs kept together', () => {
    const store = createRuntimeStore();
    expect(store.getState().hydrate(readReference('benchmark-trial-pack.json'))).toMatchObject({ kind: 'benchmark-pack', applied: true });
    const record = store.getState().evidence.byId.get('trial-tool-approval-candidate-1')!;
    expect(record).toMatchObject({
      status: 'exported',
      replayRef: '/logs/agent/trajectory.json',
      reviewRef: '.lime/qc/current-agent-qc-report.json',
      correlation: { sessionId: 'sess_123', turnId: 'turn_123', taskId: 'task_123', runId: 'run_123' },
    });
  });
});
