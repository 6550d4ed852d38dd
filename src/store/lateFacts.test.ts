import { describe, expect, it } from 'vitest';
import { eventBuilder, turn } from '../../test/eventBuilder';
import { createRuntimeStore } from './createRuntimeStore';
import { summarize } from './selectors/summarize';

const t1 = turn();

// Issue 22 item 5: facts that were guessed or taken after the runtime had said otherwise.
describe('content after turn.cancelled', () => {
  it('a late delta and model.completed leave the message interrupted and partial, with a diagnostic each', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([
      ev('turn.started', t1),
      ev('model.delta', t1, { delta: 'Half an ans' }),
      ev('turn.cancelled', t1),
      ev('model.delta', t1, { delta: 'wer' }),
      ev('model.completed', t1, { text: 'Half an answer' }),
    ]);
    const summary = summarize(store.getState());
    expect(summary.messages.find((m) => m.messageId === 'turn-1:assistant')).toEqual({
      messageId: 'turn-1:assistant',
      turnId: 'turn-1',
      role: 'assistant',
      text: 'Half an ans',
      final: false,
      interrupted: true,
    });
    expect(summary.diagnostics.map((d) => d.code)).toEqual(['content_after_cancel', 'content_after_cancel']);
  });
});

describe('a task created without a status', () => {
  it('is unknown, not draft', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', t1), ev('task.created', { ...t1, taskId: 'k1' }, { objective: 'Ship it' })]);
    expect(summarize(store.getState()).tasks).toEqual([{ taskId: 'k1', status: 'unknown', attempts: [] }]);
  });

  it('takes the status it states', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    store.getState().ingest([ev('turn.started', t1), ev('task.created', { ...t1, taskId: 'k1' }, { status: 'draft' })]);
    expect(summarize(store.getState()).tasks[0]!.status).toBe('draft');
  });
});

describe('subagent.started (seed 003) is an alias of subagent.spawned', () => {
  it('keeps role and parent task, and the subagent runs', () => {
    const ev = eventBuilder();
    const store = createRuntimeStore();
    const report = store.getState().ingest([ev('turn.started', t1), ev('subagent.started', { ...t1, subagentId: 'sa-1' }, { role: 'researcher', parentTaskId: 'task-main' })]);
    expect(report.counts).toMatchObject({ applied: 2, unknownType: 0, invalid: 0 });
    expect(summarize(store.getState()).subagents).toEqual([{ subagentId: 'sa-1', role: 'researcher', parentTaskId: 'task-main', status: 'running' }]);
  });
});
