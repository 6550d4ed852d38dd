import { describe, expect, it } from 'vitest';
import { eventBuilder, toolIds, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from './createRuntimeStore';
import { summarize } from './selectors/summarize';
import { selectMessageText } from './selectors/text';

const t1 = turn();

/** turn-1 finished: tc-1 succeeded with its preview, art-1 at v2 (final), the answer final. */
function finishedTurn() {
  const ev = eventBuilder();
  const store = createRuntimeStore();
  store.getState().ingest([
    ev('turn.started', t1),
    ev('tool.started', toolIds(1), { toolName: 'build' }),
    ev('tool.progress', toolIds(1), { message: 'compiling 3/120' }),
    ev('tool.result', toolIds(1), { preview: 'built 120 modules', durationMs: 900 }),
    ev('artifact.changed', { ...t1, artifactId: 'art-1' }, { kind: 'document', status: 'draft', versionId: 'v1', title: 'Plan' }),
    ev('artifact.changed', { ...t1, artifactId: 'art-1' }, { status: 'final', versionId: 'v2' }),
    ev('model.delta', t1, { delta: 'Hello' }),
    ev('model.completed', t1, { text: 'Hello, world' }),
    ev('turn.completed', t1),
  ]);
  return { store, ev };
}

/** An older view of the same thread, written from SPEC section 6, without a cursor. */
const olderView = {
  threadId: 'thread-1',
  sessionId: 'sess-unit',
  turns: [{ turnId: 'turn-1', status: 'running' }],
  toolCalls: [{ toolCallId: 'tc-1', turnId: 'turn-1', status: 'failed', preview: 'compiling 3/120', failureCategory: 'timeout', durationMs: 10 }],
  artifacts: [{ artifactId: 'art-1', status: 'draft', versionId: 'v1' }],
  messages: [{ messageId: 'turn-1:assistant', turnId: 'turn-1', role: 'assistant', text: 'Hello, wor', final: true }],
};

const conflicts = (store: ReturnType<typeof createRuntimeStore>) =>
  [...store.getState().diagnostics.byId.values()].filter((d) => d.code === 'snapshot_conflict').map((d) => d.message);

// Issue 22 item 1: a snapshot adds and corrects what is open; a finished entity keeps every field.
describe('an older snapshot never rewrites a field of a finished entity', () => {
  it("a succeeded tool keeps its preview, duration and status, and gains no failure", () => {
    const { store } = finishedTurn();
    store.getState().applyReadModel(olderView);
    const tool = store.getState().toolCalls.byId.get('tc-1')!;
    expect(tool).toMatchObject({ status: 'succeeded', outputPreview: 'built 120 modules', durationMs: 900 });
    expect(tool.failure).toBeUndefined();
  });

  it("an artifact keeps its current version and its status", () => {
    const { store } = finishedTurn();
    store.getState().applyReadModel(olderView);
    expect(store.getState().artifacts.byId.get('art-1')).toMatchObject({ currentVersionId: 'v2', status: 'final', versionIds: ['v1', 'v2'] });
  });

  it('a final answer keeps its text, and the different text is a conflict', () => {
    const { store } = finishedTurn();
    store.getState().applyReadModel(olderView);
    const state = store.getState();
    expect(selectMessageText(state, state.messages.byId.get('turn-1:assistant')!)).toBe('Hello, world');
    expect(conflicts(store).some((m) => m.includes('turn-1:assistant'))).toBe(true);
  });

  it('each disagreement is its own snapshot_conflict', () => {
    const { store } = finishedTurn();
    store.getState().applyReadModel(olderView);
    const messages = conflicts(store);
    // turn status; tool status (its failure goes with it), preview, duration; artifact status, version; message text.
    expect(messages.filter((m) => m.includes('turn turn-1'))).toHaveLength(1);
    expect(messages.filter((m) => m.includes('tool tc-1'))).toHaveLength(3);
    expect(messages.filter((m) => m.includes('artifact art-1'))).toHaveLength(2);
    expect(messages.filter((m) => m.includes('message turn-1:assistant'))).toHaveLength(1);
  });

  it('a snapshot still fills a field the finished entity never had', () => {
    const { store } = finishedTurn();
    store.getState().applyReadModel({ ...olderView, toolCalls: [{ toolCallId: 'tc-1', turnId: 'turn-1', status: 'succeeded', outputRef: 'out://tc-1' }] });
    expect(store.getState().toolCalls.byId.get('tc-1')).toMatchObject({ status: 'succeeded', outputRef: 'out://tc-1', outputPreview: 'built 120 modules' });
    expect(conflicts(store).filter((m) => m.includes('tool tc-1'))).toEqual([]);
  });

  it('a current read model (its cursor not behind) brings a version the store never saw: it is taken', () => {
    const { store } = finishedTurn();
    store.getState().applyReadModel({ ...olderView, cursor: 99, artifacts: [{ artifactId: 'art-1', status: 'final', versionId: 'v3' }] });
    expect(store.getState().artifacts.byId.get('art-1')).toMatchObject({ currentVersionId: 'v3', versionIds: ['v1', 'v2', 'v3'] });
  });

  it('a read model without a cursor cannot be told newer: a version it names the store never saw does not replace a finished one', () => {
    const { store } = finishedTurn();
    store.getState().applyReadModel({ ...olderView, artifacts: [{ artifactId: 'art-1', status: 'final', versionId: 'v0' }] });
    expect(store.getState().artifacts.byId.get('art-1')).toMatchObject({ currentVersionId: 'v2', versionIds: ['v1', 'v2'] });
    expect(conflicts(store).filter((m) => m.includes('artifact art-1'))).toHaveLength(1);
  });
});

describe('streaming text never gets shorter from a lagging read model', () => {
  it('a cursorless read model whose text is a prefix of what streamed leaves the text as it is', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', t1), ev('model.delta', t1, { delta: 'Hello, ' }), ev('model.delta', t1, { delta: 'world' })]);
    store.getState().applyReadModel({
      threadId: 'thread-1',
      turns: [{ turnId: 'turn-1', status: 'running' }],
      messages: [{ messageId: 'turn-1:assistant', turnId: 'turn-1', role: 'assistant', text: 'Hello', final: false }],
    });
    const state = store.getState();
    expect(selectMessageText(state, state.messages.byId.get('turn-1:assistant')!)).toBe('Hello, world');
  });

  it('a read model that extends the streamed text is taken', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', t1), ev('model.delta', t1, { delta: 'Hello' })]);
    store.getState().applyReadModel({
      threadId: 'thread-1',
      turns: [{ turnId: 'turn-1', status: 'running' }],
      messages: [{ messageId: 'turn-1:assistant', turnId: 'turn-1', role: 'assistant', text: 'Hello, world', final: false }],
    });
    const state = store.getState();
    expect(selectMessageText(state, state.messages.byId.get('turn-1:assistant')!)).toBe('Hello, world');
  });
});

describe('a tool ends once: one rule for events and snapshots', () => {
  it('tool.failed after tool.result keeps succeeded, with a diagnostic, as a snapshot saying failed does', () => {
    const { store, ev } = finishedTurn();
    store.getState().ingest([ev('tool.failed', toolIds(1), { failureCategory: 'timeout' })]);
    const tool = store.getState().toolCalls.byId.get('tc-1')!;
    expect(tool.status).toBe('succeeded');
    expect(tool.failure).toBeUndefined();
    expect([...store.getState().diagnostics.byId.values()].map((d) => d.code)).toContain('tool_failed_after_result');
  });
});

describe('a snapshot inside the stream takes the same guards as applyReadModel', () => {
  it("another session's snapshot in snapshot.updated adds no thread and no turn", () => {
    const { store, ev } = finishedTurn();
    const foreign = { threadId: 'thread-x', sessionId: 'sess-other', turns: [{ turnId: 'turn-x', status: 'running' }] };
    store.getState().ingest([{ ...ev('snapshot.updated', {}, { snapshot: foreign }), eventId: 'snap-foreign' }]);
    const state = store.getState();
    expect(state.threads.byId.has('thread-x')).toBe(false);
    expect(state.turns.byId.has('turn-x')).toBe(false);
    expect([...state.diagnostics.byId.values()].map((d) => d.code)).toContain('foreign_session');
  });

  it('an in-stream snapshot and applyReadModel of the same document give the same facts and conflicts', () => {
    const viaEvent = finishedTurn();
    viaEvent.store.getState().ingest([{ ...viaEvent.ev('snapshot.updated', {}, { snapshot: olderView }), eventId: 'snap-1' }]);
    const viaApply = finishedTurn();
    viaApply.store.getState().applyReadModel(olderView);
    const { counts: _a, diagnostics: _d, ...eventFacts } = summarize(viaEvent.store.getState());
    const { counts: _b, diagnostics: _e, ...applyFacts } = summarize(viaApply.store.getState());
    expect(eventFacts).toEqual(applyFacts);
    expect(conflicts(viaEvent.store)).toEqual(conflicts(viaApply.store));
  });
});
