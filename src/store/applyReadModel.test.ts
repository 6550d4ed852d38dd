import { describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from './createRuntimeStore';
import { summarize } from './selectors/summarize';
import { selectThreadReadModel } from './selectors/readModels';
import { selectLatestTurn } from './selectors/turnStatus';
import { selectMessageText } from './selectors/text';

const t1 = turn();

/** A ThreadReadModel written by hand from SPEC sections 6-7: an older view of the thread, without a cursor. */
const olderViewWithoutCursor = {
  threadId: 'thread-1',
  sessionId: 'sess-unit',
  status: 'running',
  activeTurnId: 'turn-1',
  turns: [{ turnId: 'turn-1', status: 'running' }],
  pendingRequests: [{ actionId: 'a1', actionType: 'tool_approval', prompt: 'ok?' }],
  toolCalls: [{ toolCallId: 'tc-1', toolName: 'read_file' }, { toolCallId: 'tc-2', toolName: 'write_file', status: 'running' }],
  messages: [{ messageId: 'turn-1:assistant', turnId: 'turn-1', role: 'assistant', text: 'Hel', status: 'streaming' }],
};

describe('a snapshot never moves state backwards (bug 3)', () => {
  function finishedTurn() {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().applyReadModel({ threadId: 'thread-1', status: 'running', turns: [], incidents: [{ incidentId: 'inc-1', kind: 'provider_timeout' }] });
    store.getState().ingest([
      ev('turn.started', t1),
      ev('action.required', { ...t1, actionId: 'a1' }, { prompt: 'ok?' }),
      ev('action.resolved', { ...t1, actionId: 'a1' }, { decision: 'approve' }),
      ev('tool.started', toolIds(1), { toolName: 'read_file' }),
      ev('tool.result', toolIds(1), { preview: 'ok' }),
      ev('tool.started', toolIds(2), { toolName: 'write_file' }),
      ev('tool.failed', toolIds(2), { failureCategory: 'crash' }),
      ev('model.delta', t1, { delta: 'Hello' }),
      ev('model.completed', t1, { text: 'Hello' }),
      ev('turn.completed', t1),
    ]);
    return store;
  }

  it('a resolved action stays resolved, a finished tool stays finished, a completed turn stays completed', () => {
    const store = finishedTurn();
    const report = store.getState().applyReadModel(olderViewWithoutCursor);
    expect(report.applied).toBe(true);
    const summary = summarize(store.getState());
    expect(summary.actions).toEqual([expect.objectContaining({ actionId: 'a1', status: 'resolved', decision: 'approve' })]);
    expect(summary.tools.map((t) => [t.toolCallId, t.status])).toEqual([['tc-1', 'succeeded'], ['tc-2', 'failed']]);
    expect(summary.turns).toEqual([{ turnId: 'turn-1', status: 'completed' }]);
    expect(summary.messages.find((m) => m.role === 'assistant')).toMatchObject({ text: 'Hello', final: true });
  });

  it('each disagreement becomes a snapshot_conflict diagnostic naming the fact kept', () => {
    const store = finishedTurn();
    store.getState().applyReadModel(olderViewWithoutCursor);
    const conflicts = [...store.getState().diagnostics.byId.values()].filter((d) => d.code === 'snapshot_conflict').map((d) => d.message);
    expect(conflicts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/action a1 as pending; it is already resolved/),
        expect.stringMatching(/turn turn-1 as running; it is already completed/),
        expect.stringMatching(/tool tc-2 as running; it already failed/),
        expect.stringMatching(/message turn-1:assistant as still streaming/),
      ]),
    );
  });

  it('a snapshot that does not list incidents keeps the ones held; a listed one is added', () => {
    const store = finishedTurn();
    store.getState().applyReadModel(olderViewWithoutCursor);
    expect(selectThreadReadModel(store.getState()).incidents).toEqual([{ incidentId: 'inc-1', kind: 'provider_timeout' }]);
    store.getState().applyReadModel({ ...olderViewWithoutCursor, incidents: [{ incidentId: 'inc-2', kind: 'quota' }] });
    expect(selectThreadReadModel(store.getState()).incidents.map((i) => i.incidentId)).toEqual(['inc-1', 'inc-2']);
  });

  it('a snapshot.updated event in the stream takes the same merge path', () => {
    const store = finishedTurn();
    const ev = eventBuilder('sess-unit');
    store.getState().ingest([{ ...ev('snapshot.updated', {}, { snapshot: olderViewWithoutCursor }, 11), eventId: 'snap-1' }]);
    const summary = summarize(store.getState());
    expect(summary.turns).toEqual([{ turnId: 'turn-1', status: 'completed' }]);
    expect(summary.actions[0]!.status).toBe('resolved');
  });

  it('a messages.snapshot event never takes a final answer back to streaming', () => {
    const store = finishedTurn();
    const ev = eventBuilder('sess-unit');
    store.getState().ingest([{ ...ev('messages.snapshot', t1, { messages: [{ messageId: 'turn-1:assistant', turnId: 'turn-1', text: 'He', status: 'streaming' }] }, 11), eventId: 'ms-1' }]);
    expect(summarize(store.getState()).messages.find((m) => m.role === 'assistant')).toMatchObject({ text: 'Hello', final: true });
  });

  it('a snapshot still corrects what is open: a pending action it reports resolved, a running tool it reports failed', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', t1), ev('action.required', { ...t1, actionId: 'a1' }), ev('tool.started', toolIds(1))]);
    store.getState().applyReadModel({
      threadId: 'thread-1',
      status: 'completed',
      turns: [{ turnId: 'turn-1', status: 'completed' }],
      pendingRequests: [],
      actions: [{ actionId: 'a1', status: 'resolved', decision: 'reject' }],
      toolCalls: [{ toolCallId: 'tc-1', status: 'failed', failureCategory: 'denied' }],
      cursor: 3,
    });
    const summary = summarize(store.getState());
    expect(summary.actions[0]).toMatchObject({ status: 'resolved', decision: 'reject' });
    expect(summary.tools[0]).toMatchObject({ status: 'failed', failureCategory: 'denied' });
    expect(summary.turns[0]!.status).toBe('completed');
  });
});

describe('a cursorless hydrate never loses waiting events (bug 4)', () => {
  it('events dropped from the buffer apply when the stream sends them again', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore({ reorderWindow: 2 });
    const events = [1, 2, 3, 4, 5, 6].map((n) => ev('model.delta', t1, { delta: `${n}` }));
    store.getState().ingest([events[0], events[2], events[3], events[4]]); // 2 is missing: 3, 4, 5 wait
    expect(store.getState().session.stale).toBe(true);
    const report = store.getState().applyReadModel({ threadId: 'thread-1', sessionId: 'sess-unit', status: 'running', turns: [{ turnId: 'turn-1', status: 'running' }] });
    expect(report).toMatchObject({ applied: true, droppedPending: 3 });
    // The runtime resends from the cursor the store reports.
    expect(store.getState().cursor()).toBe(1);
    const resent = store.getState().ingest(events.slice(1));
    expect(resent.counts).toMatchObject({ duplicates: 0, applied: 5, pending: 0 }); // this call: the 5 re-sent
    const state = store.getState();
    expect(selectMessageText(state, state.messages.byId.get('turn-1:assistant')!)).toBe('123456');
    expect(state.session.stale).toBe(false);
  });
});

describe('older history goes in front and never becomes the latest turn (bug 5)', () => {
  it('the latest turn, the active turn and the read model stay on the live turn', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.submitted', turn('turn-9'), { text: 'now' }), ev('turn.started', turn('turn-9'))]);
    store.getState().applyReadModel(
      {
        threadId: 'thread-1',
        sessionId: 'sess-unit',
        turns: [{ turnId: 'turn-1', status: 'completed' }, { turnId: 'turn-2', status: 'failed' }],
        messages: [
          { messageId: 'turn-1:user', turnId: 'turn-1', role: 'user', text: 'first' },
          { messageId: 'turn-2:assistant', turnId: 'turn-2', role: 'assistant', text: 'second' },
        ],
      },
      { older: true },
    );
    const state = store.getState();
    expect(selectLatestTurn(state)?.turnId).toBe('turn-9');
    expect(selectLatestTurn(state, 'thread-1')?.turnId).toBe('turn-9');
    expect(selectThreadReadModel(state)).toMatchObject({ activeTurnId: 'turn-9', status: 'running' });
    expect(state.threads.byId.get('thread-1')!.turnIds.toArray()).toEqual(['turn-1', 'turn-2', 'turn-9']);
    expect(state.turns.ids).toEqual(['turn-1', 'turn-2', 'turn-9']);
    expect(summarize(state).status).toBe('running');
    expect(summarize(state).messages.map((m) => m.messageId)).toEqual(['turn-1:user', 'turn-2:assistant', 'turn-9:user']);
  });
});

describe('a snapshot corrects correlations (found by the fuzz campaign)', () => {
  it("an artifact's tool and a message's turn follow the snapshot; attempts follow its run order", () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('turn.started', t1),
      ev('artifact.changed', { ...t1, artifactId: 'art-1', toolCallId: 'constructor' }, { kind: 'image', status: 'ready' }),
      ev('model.completed', { turnId: 'x', messageId: 'msg-1' }, { text: 'Hi' }),
      ev('task.attempt.completed', { ...t1, taskId: 'task-1', runId: 'run-2' }),
    ]);
    store.getState().applyReadModel({
      threadId: 'thread-1',
      turns: [{ turnId: 'turn-1', status: 'running' }],
      artifacts: [{ artifactId: 'art-1', toolCallId: 'tc-1', turnId: 'turn-1' }],
      messages: [{ messageId: 'msg-1', turnId: 'turn-1', role: 'assistant', text: 'Hi' }],
      tasks: [{ taskId: 'task-1', status: 'running', attempts: [{ runId: 'run-1', status: 'failed' }, { runId: 'run-2', status: 'completed' }] }],
    });
    const state = store.getState();
    expect(state.artifacts.byId.get('art-1')).toMatchObject({ toolCallId: 'tc-1', turnId: 'turn-1' });
    expect(state.messages.byId.get('msg-1')!.turnId).toBe('turn-1');
    expect(state.turns.byId.get('turn-1')!.messageIds.toArray()).toContain('msg-1');
    expect(state.turns.byId.get('x')?.messageIds.toArray() ?? []).not.toContain('msg-1');
    expect(state.tasks.byId.get('task-1')!.attempts.map((a) => a.runId)).toEqual(['run-1', 'run-2']);
  });
});
